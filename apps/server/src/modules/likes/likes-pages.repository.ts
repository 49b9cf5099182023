// The pages of the liked and liked-by lists, keyset-paginated, without blocked and unopenable members.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, profiles } from '../../db/schema/index.ts';
import { cardColumns, mainPhoto, mainPhotoJoin } from '../member-core/index.ts';
import { isVisibleLike, type LikeListRow } from './likes-filters.ts';

export function createLikesPagesRepository(db: Executor) {
  return {
    /** One page of liked (newest first); `after` is the last row's [sortAt, id]. */
    async pageLiked(
      siteId: number,
      profileId: number,
      after: [string, number] | null,
      limit: number,
      tx: Executor = db,
    ): Promise<LikeListRow[]> {
      return tx
        .select({
          ...cardColumns,
          likeNew: sql<boolean>`false`,
          createdAt: likes.createdAt,
          sortAt: sql<string>`${likes.createdAt}::text`,
          sortId: likes.targetProfileId,
        })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.targetProfileId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            isVisibleLike('given', siteId, profileId),
            after
              ? sql`(${likes.createdAt}, ${likes.targetProfileId}) < (${after[0]}::timestamptz, ${after[1]})`
              : undefined,
          ),
        )
        .orderBy(desc(likes.createdAt), desc(likes.targetProfileId))
        .limit(limit);
    },

    /** One page of liked-by (new first, then newest); `after` is the last row's [isNew, sortAt, id]. */
    async pageLikedBy(
      siteId: number,
      profileId: number,
      after: [boolean, string, number] | null,
      limit: number,
      tx: Executor = db,
    ): Promise<LikeListRow[]> {
      return tx
        .select({
          ...cardColumns,
          likeNew: likes.isNew,
          createdAt: likes.createdAt,
          sortAt: sql<string>`${likes.createdAt}::text`,
          sortId: likes.profileId,
        })
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.profileId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            isVisibleLike('received', siteId, profileId),
            after
              ? sql`(${likes.isNew}, ${likes.createdAt}, ${likes.profileId}) < (${after[0]}, ${after[1]}::timestamptz, ${after[2]})`
              : undefined,
          ),
        )
        .orderBy(desc(likes.isNew), desc(likes.createdAt), desc(likes.profileId))
        .limit(limit);
    },
  };
}
