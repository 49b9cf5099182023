// The member's matches: the pages of the list, and the matches they have not seen yet.
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, matches, profiles } from '../../db/schema/index.ts';
import {
  cardColumns,
  isNotBlockedWith,
  isViewable,
  mainPhoto,
  mainPhotoJoin,
  type CardRow,
} from '../member-core/index.ts';
import { type LikeListRow } from './likes-filters.ts';

export function createMatchesListsRepository(db: Executor) {
  return {
    /** One page of matches (newest first); `after` is the last row's [sortAt, match id]. */
    async pageMatches(
      siteId: number,
      profileId: number,
      after: [string, number] | null,
      limit: number,
      tx: Executor = db,
    ): Promise<LikeListRow[]> {
      const otherId: SQL = sql`case when ${matches.lowProfileId} = ${profileId} then ${matches.highProfileId} else ${matches.lowProfileId} end`;
      return tx
        .select({
          ...cardColumns,
          likeNew: sql<boolean>`exists (select 1 from ${likes} where ${likes.profileId} = ${profiles.id} and ${likes.targetProfileId} = ${profileId} and ${likes.isNew})`,
          createdAt: matches.createdAt,
          sortAt: sql<string>`${matches.createdAt}::text`,
          sortId: matches.id,
        })
        .from(matches)
        .innerJoin(profiles, eq(profiles.id, otherId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            or(eq(matches.lowProfileId, profileId), eq(matches.highProfileId, profileId)),
            isViewable(siteId),
            isNotBlockedWith(profileId),
            after ? sql`(${matches.createdAt}, ${matches.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
          ),
        )
        .orderBy(desc(matches.createdAt), desc(matches.id))
        .limit(limit);
    },

    /**
     * The member's matches whose moment they have not seen, newest first, with the other member's card
     * (matches_low_unseen_idx / matches_high_unseen_idx): blocked or unavailable members are left out.
     */
    async listUnseenMatches(
      siteId: number,
      profileId: number,
      limit: number,
      tx: Executor = db,
    ): Promise<(CardRow & { matchedAt: Date })[]> {
      const otherId: SQL = sql`case when ${matches.lowProfileId} = ${profileId} then ${matches.highProfileId} else ${matches.lowProfileId} end`;
      return tx
        .select({ ...cardColumns, matchedAt: matches.createdAt })
        .from(matches)
        .innerJoin(profiles, eq(profiles.id, otherId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            or(
              and(eq(matches.lowProfileId, profileId), isNull(matches.lowSeenAt)),
              and(eq(matches.highProfileId, profileId), isNull(matches.highSeenAt)),
            ),
            isViewable(siteId),
            isNotBlockedWith(profileId),
          ),
        )
        .orderBy(desc(matches.id))
        .limit(limit);
    },
  };
}
