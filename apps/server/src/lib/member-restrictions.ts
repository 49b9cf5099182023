// Whether a staff ban or suspension (member_restrictions) holds a member back now: one definition for the SQL every
// member-facing query filters with and for the code that reads a row (docs/bans.md). The queries read the database's
// own copy of it, users.restricted_until (migration 0033); the send's SQL function `member_is_restricted` reads the
// same; a change here changes it there too.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { profiles, users, type MemberRestrictionRow } from '../db/schema/index.ts';

/**
 * True while the row restricts: a ban until it is lifted (the row deleted), a suspension until its `until`. Evaluated
 * on the database's clock, so an ended suspension needs no job to end it: the next query sees the member again.
 */
export function isRestrictionActive(
  row: Pick<MemberRestrictionRow, 'kind' | 'until'> | null | undefined,
  now: Date,
): boolean {
  if (!row) return false;
  return row.kind === 'banned' || (row.until !== null && row.until > now);
}

/**
 * SQL boolean over a users row's `restricted_until` (a column or a reference to it): staff restrict the account now.
 * The copy of member_restrictions in users.restricted_until, on the database's clock ('infinity' for a ban).
 */
export function isRestrictedNow(restrictedUntil: SQL | AnyColumn = users.restrictedUntil): SQL<boolean> {
  return sql<boolean>`(${restrictedUntil} > now())`;
}

/**
 * SQL: the account `userId` (a users.id column or expression; null for fictional profiles) has no ban or running
 * suspension. One probe of users_unlisted_idx per row, whatever the query; the account is named apart, so a query
 * that reads `users` itself can check its own rows.
 */
export function hasNoActiveRestriction(userId: SQL | AnyColumn = profiles.userId): SQL {
  return sql`not exists (select 1 from ${users} restricted_account where restricted_account.id = ${userId} and ${isRestrictedNow(sql`restricted_account.restricted_until`)})`;
}

/**
 * SQL boolean: the account `userId` is banned or suspended now (the negation of hasNoActiveRestriction), for a select
 * list: a scalar subquery, so PostgreSQL reads it per row through the users primary key (an EXISTS there may become a
 * hashed pass over every restricted account).
 */
export function hasActiveRestriction(userId: SQL | AnyColumn = profiles.userId): SQL<boolean> {
  return sql<boolean>`coalesce((select ${isRestrictedNow(sql`restricted_account.restricted_until`)} from ${users} restricted_account where restricted_account.id = ${userId}), false)`;
}
