// Whom to suggest liking: the newest unanswered liker, the most relevant listed member with a photo.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, profiles } from '../../db/schema/index.ts';
import { cardColumns, isListed, mainPhoto, mainPhotoJoin, type CardRow } from '../member-core/index.ts';
import { relevanceOrder } from '../member-core/index.ts';
import { isVisibleLike } from './likes-filters.ts';

export function createLikesSuggestionsRepository(db: Executor) {
  return {
    /** The newest member who likes this one and is not liked back (for the like modal), new likes first. */
    async findUnansweredLiker(siteId: number, profileId: number, tx: Executor = db): Promise<CardRow | undefined> {
      const [row] = await tx
        .select(cardColumns)
        .from(likes)
        .innerJoin(profiles, eq(profiles.id, likes.profileId))
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            isVisibleLike('received', siteId, profileId),
            sql`not exists (select 1 from ${likes} as answer where answer.profile_id = ${profileId} and answer.target_profile_id = ${profiles.id})`,
          ),
        )
        .orderBy(desc(likes.isNew), desc(likes.createdAt))
        .limit(1);
      return row;
    },

    /** The most relevant listed member with a photo (the like pop-up for visitors), of `country` when given. */
    async findRelevantWithPhoto(
      siteId: number,
      country: string | null,
      tx: Executor = db,
    ): Promise<CardRow | undefined> {
      const [row] = await tx
        .select(cardColumns)
        .from(profiles)
        .innerJoin(mainPhoto, mainPhotoJoin)
        .where(and(isListed(siteId), eq(profiles.hasPhoto, true), country ? eq(profiles.country, country) : undefined))
        .orderBy(...relevanceOrder)
        .limit(1);
      return row;
    },
  };
}
