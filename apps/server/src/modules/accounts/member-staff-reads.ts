// Members as the staff console reads them: the account with its site and profile (one row for the member's page, the
// checks before a staff action and the member's records), the search by id, address or name, and the per-day signup
// and activation counts of the dashboard. Read only.
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profiles, sites, users } from '../../db/schema/index.ts';
import { utcDayOf } from '../../lib/utc-day.ts';

const memberSummary = {
  id: users.id,
  profileId: profiles.id,
  siteId: users.siteId,
  siteDomain: sites.domain,
  email: users.email,
  name: profiles.name,
  status: users.status,
  createdAt: users.createdAt,
};

/** What staff search members by: a user or profile id, an address prefix (lower-case), a name prefix. */
export type StaffMemberMatch = { id: number } | { emailPrefix: string } | { namePrefix: string };

function matchCondition(match: StaffMemberMatch): SQL {
  if ('id' in match) return or(eq(users.id, match.id), eq(profiles.id, match.id))!;
  if ('emailPrefix' in match)
    // The users_email_idx range.
    return and(sql`${users.email} >= ${match.emailPrefix}`, sql`${users.email} < ${`${match.emailPrefix}\uffff`}`)!;
  // profiles_name_lower_idx
  return sql`lower(${profiles.name}) like ${`${match.namePrefix.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`;
}

/** A page of members, newest accounts first, `limit + 1` rows. */
export function searchStaffMembers(
  executor: Executor,
  query: { match?: StaffMemberMatch; siteId?: number; beforeId?: number; limit: number },
) {
  return executor
    .select(memberSummary)
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        query.match ? matchCondition(query.match) : undefined,
        query.siteId ? eq(users.siteId, query.siteId) : undefined,
        query.beforeId !== undefined ? lt(users.id, query.beforeId) : undefined,
      ),
    )
    .orderBy(desc(users.id))
    .limit(query.limit + 1);
}
export type StaffMemberSummaryRow = Awaited<ReturnType<typeof searchStaffMembers>>[number];

/** A member's account with its site and profile (null before the profile exists). */
export async function findStaffMember(executor: Executor, userId: number) {
  const [row] = await executor
    .select({
      ...memberSummary,
      language: users.language,
      paidUser: users.paidUser,
      activatedAt: users.activatedAt,
      profile: profiles,
      cdnPrefix: sites.cdnPrefix,
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}
export type StaffMemberRow = NonNullable<Awaited<ReturnType<typeof findStaffMember>>>;

/** Accounts created (`signups`) or activated (`activations`) per UTC day since `from`, of one site or all. */
export function countAccountsByDay(
  executor: Executor,
  query: { event: 'signups' | 'activations'; from: Date; siteId?: number },
) {
  const column = query.event === 'signups' ? users.createdAt : users.activatedAt;
  return executor
    .select({ day: utcDayOf(column), count: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(gte(column, query.from), query.siteId ? eq(users.siteId, query.siteId) : undefined))
    .groupBy(sql`1`);
}
