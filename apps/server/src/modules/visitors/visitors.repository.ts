// The visits of member profiles (profile_visits, owned here): recording one, the visitors page, the retention.
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { blocks, profiles, profileVisits } from '../../db/schema/index.ts';
import {
  cardColumns,
  isNotBlockedWith,
  isViewable,
  mainPhoto,
  mainPhotoJoin,
  type CardRow,
} from '../member-core/index.ts';

/** A visitor of the page: the card, the newest visit (ISO 8601) and its sort key as exact text. */
export type VisitorRow = CardRow & { visitedAt: string; sortAt: string };

export type VisitInput = { visitorProfileId: number; visitedProfileId: number; visitedAt: Date };

const visitedProfile = alias(profiles, 'visited_profile');

/** The visits of `profileId` since `since`, one row per visitor with the newest visit (profile_visits_visited_idx). */
const recentVisitors = (tx: Executor, profileId: number, since: Date) =>
  tx
    .select({
      visitorId: profileVisits.visitorProfileId,
      lastAt: sql<Date>`max(${profileVisits.visitedAt})`.as('last_at'),
    })
    .from(profileVisits)
    .where(and(eq(profileVisits.visitedProfileId, profileId), gt(profileVisits.visitedAt, since)))
    .groupBy(profileVisits.visitorProfileId)
    .as('recent');

/** The query of one page of visitors, newest visit first; `after` is the last row's [sortAt, id]. */
export function visitorsPageQuery(
  tx: Executor,
  page: { siteId: number; profileId: number; since: Date; after: [string, number] | null; limit: number },
) {
  const recent = recentVisitors(tx, page.profileId, page.since);
  const { after } = page;
  return tx
    .select({
      ...cardColumns,
      visitedAt: sql<string>`to_char(${recent.lastAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      sortAt: sql<string>`${recent.lastAt}::text`,
    })
    .from(recent)
    .innerJoin(profiles, eq(profiles.id, recent.visitorId))
    .leftJoin(mainPhoto, mainPhotoJoin)
    .where(
      and(
        isViewable(page.siteId),
        isNotBlockedWith(page.profileId),
        after ? sql`(${recent.lastAt}, ${recent.visitorId}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(recent.lastAt), desc(recent.visitorId))
    .limit(page.limit);
}

export function createVisitorsRepository(db: Executor) {
  return {
    /**
     * Records the visit once per visitor and UTC day (ON CONFLICT DO NOTHING): only between two members with an
     * account on one site, never of oneself, never by an invisible member, one who does not record visits, or a
     * fictional profile, never across a block either way. Answers whether a row was written.
     */
    async record(visit: VisitInput, tx: Executor = db): Promise<boolean> {
      const day = visit.visitedAt.toISOString().slice(0, 10);
      const rows = await tx
        .insert(profileVisits)
        .select(
          tx
            .select({
              visitedProfileId: sql<number>`${visitedProfile.id}`.as('visited_profile_id'),
              visitorProfileId: sql<number>`${profiles.id}`.as('visitor_profile_id'),
              day: sql<string>`${day}::date`.as('day'),
              visitedAt: sql<Date>`${visit.visitedAt.toISOString()}::timestamptz`.as('visited_at'),
            })
            .from(profiles)
            .innerJoin(visitedProfile, eq(visitedProfile.id, visit.visitedProfileId))
            .where(
              and(
                eq(profiles.id, visit.visitorProfileId),
                sql`${profiles.id} <> ${visitedProfile.id}`,
                eq(profiles.siteId, visitedProfile.siteId),
                sql`${profiles.userId} is not null and ${visitedProfile.userId} is not null`,
                eq(profiles.isFictional, false),
                eq(profiles.isInvisible, false),
                eq(profiles.privateVisits, false),
                // Nothing is kept between members with a block either way (the page would not list it anyway).
                sql`not exists (select 1 from ${blocks} b where (b.profile_id = ${profiles.id} and b.blocked_profile_id = ${visitedProfile.id})
                  or (b.profile_id = ${visitedProfile.id} and b.blocked_profile_id = ${profiles.id}))`,
              ),
            ),
        )
        .onConflictDoNothing()
        .returning({ visitorProfileId: profileVisits.visitorProfileId });
      return rows.length > 0;
    },

    /** Distinct visitors of `profileId` since `since` who may be listed (openable, no block either way). */
    async countVisitors(siteId: number, profileId: number, since: Date, tx: Executor = db): Promise<number> {
      const recent = recentVisitors(tx, profileId, since);
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(recent)
        .innerJoin(profiles, eq(profiles.id, recent.visitorId))
        .where(and(isViewable(siteId), isNotBlockedWith(profileId)));
      return row?.count ?? 0;
    },

    /** One page of visitors, newest visit first; `after` is the last row's [sortAt, id]. */
    async pageVisitors(
      siteId: number,
      profileId: number,
      since: Date,
      after: [string, number] | null,
      limit: number,
      tx: Executor = db,
    ): Promise<VisitorRow[]> {
      return visitorsPageQuery(tx, { siteId, profileId, since, after, limit });
    },

    /** Deletes the visits made before `before`; answers how many. */
    async deleteBefore(before: Date, tx: Executor = db): Promise<number> {
      const rows = await tx
        .delete(profileVisits)
        .where(lt(profileVisits.visitedAt, before))
        .returning({ day: profileVisits.day });
      return rows.length;
    },
  };
}
export type VisitorsRepository = ReturnType<typeof createVisitorsRepository>;
