// Whether a staff ban or suspension (member_restrictions) holds a member back now: one definition for the SQL every
// member-facing query filters with and for the code that reads a row (docs/bans.md). The SQL functions of migration
// 0028 (the chat's send statement) say the same in `member_is_restricted`; a change here changes it there too.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { memberRestrictions, profiles, type MemberRestrictionRow } from '../db/schema/index.ts';

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
 * SQL: the account `userId` (a users.id column or expression; null for fictional profiles) has no ban or running
 * suspension. One primary-key probe of member_restrictions per row, whatever the query.
 */
export function hasNoActiveRestriction(userId: SQL | AnyColumn = profiles.userId): SQL {
  return sql`not exists (select 1 from ${memberRestrictions} where ${memberRestrictions.userId} = ${userId} and (${memberRestrictions.kind} = 'banned' or ${memberRestrictions.until} > now()))`;
}

/** SQL boolean: the account `userId` is banned or suspended now (the negation of hasNoActiveRestriction). */
export function hasActiveRestriction(userId: SQL | AnyColumn = profiles.userId): SQL<boolean> {
  return sql<boolean>`(not ${hasNoActiveRestriction(userId)})`;
}
