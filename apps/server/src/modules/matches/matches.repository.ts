// The suggestion query behind the match finder, signup matches, swipe candidates and auto-like: one keyset page, main photo joined.
import { and, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, profiles } from '../../db/schema/index.ts';
import { cardColumns, isListed, isNotBlockedWith, mainPhoto, mainPhotoJoin, type CardRow, type Viewer } from '../profiles/profile-cards.ts';
import { isSuitableFor } from './preferences.ts';

/** Suggestions come from the member's own country first, then from the others; 'all' when the member has no country. */
export type SuggestionPhase = 'own' | 'other' | 'all';
export type SuggestionRow = CardRow & { isLiked: boolean; isLikedBy: boolean };
export type SuggestionOptions = {
  phase: SuggestionPhase;
  afterId: number | null;
  limit: number;
  minAge: number;
  now: Date;
  requireMainImage?: boolean;
  excludeLiked?: boolean;
  /** A further condition of the caller (the swipe game leaves out what was swiped). */
  where?: SQL;
};

export function createMatchesRepository(db: Executor) {
  return {
    async pageSuggestions(viewer: Viewer, options: SuggestionOptions, tx: Executor = db): Promise<SuggestionRow[]> {
      const country =
        options.phase === 'own'
          ? eq(profiles.country, viewer.country ?? '')
          : options.phase === 'other'
            ? sql`${profiles.country} is distinct from ${viewer.country}`
            : undefined;
      return tx
        .select({
          ...cardColumns,
          isLiked: sql<boolean>`exists (select 1 from ${likes} where ${likes.profileId} = ${viewer.profileId} and ${likes.targetProfileId} = ${profiles.id})`,
          isLikedBy: sql<boolean>`exists (select 1 from ${likes} where ${likes.profileId} = ${profiles.id} and ${likes.targetProfileId} = ${viewer.profileId})`,
        })
        .from(profiles)
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(
          and(
            isListed(viewer.siteId),
            ne(profiles.id, viewer.profileId),
            isNotBlockedWith(viewer.profileId),
            isSuitableFor(viewer, options.minAge, options.now),
            country,
            options.requireMainImage ? sql`${mainPhoto.id} is not null` : undefined,
            options.excludeLiked
              ? sql`not exists (select 1 from ${likes} where ${likes.profileId} = ${viewer.profileId} and ${likes.targetProfileId} = ${profiles.id})`
              : undefined,
            options.where,
            options.afterId !== null ? lt(profiles.id, options.afterId) : undefined,
          ),
        )
        .orderBy(desc(profiles.id))
        .limit(options.limit);
    },
  };
}
export type MatchesRepository = ReturnType<typeof createMatchesRepository>;
