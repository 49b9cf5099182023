// The suggestion query behind the match finder, signup matches, swipe candidates and auto-like: one keyset page of one phase, main photo joined.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, profiles } from '../../db/schema/index.ts';
import { cardColumns, isListed, isNotBlockedWith, mainPhoto, mainPhotoJoin, type CardRow, type Viewer } from '../profiles/profile-cards.ts';
import { isAfterRelevance, relevanceColumns, relevanceOrder, type RelevanceKey } from '../profiles/relevance.ts';
import { isSuitableFor } from './preferences.ts';

/**
 * How near a suggestion lives (docs/search-relevance.md): the member's region, the rest of their country,
 * other countries; 'all' when the member has no country.
 */
export type LocationTier = 'region' | 'country' | 'other' | 'all';
export const LOCATION_TIERS: LocationTier[] = ['region', 'country', 'other', 'all'];
/** One part of the suggestion order: members with or without a photo, in one location tier. */
export type SuggestionPhase = { hasPhoto: boolean; tier: LocationTier };
export type SuggestionRow = CardRow & RelevanceKey & { isLiked: boolean; isLikedBy: boolean };
export type SuggestionOptions = {
  phase: SuggestionPhase;
  /** The key of the last row shown in this phase (keyset), null from its start. */
  after: RelevanceKey | null;
  limit: number;
  minAge: number;
  now: Date;
  excludeLiked?: boolean;
  /** A further condition of the caller (the swipe game leaves out what was swiped). */
  where?: SQL;
};

/** SQL: the profile lives in this tier as seen from the viewer's country and region. */
function isInTier(viewer: Pick<Viewer, 'country' | 'region'>, tier: LocationTier): SQL | undefined {
  const country = viewer.country ?? '';
  switch (tier) {
    case 'region':
      return and(eq(profiles.country, country), eq(profiles.region, viewer.region ?? ''));
    case 'country':
      return and(eq(profiles.country, country), viewer.region ? sql`${profiles.region} is distinct from ${viewer.region}` : undefined);
    case 'other':
      return sql`${profiles.country} is distinct from ${country}`;
    case 'all':
      return undefined;
  }
}

export function createMatchesRepository(db: Executor) {
  return {
    /** One phase's suitable members after `options.after`, in relevance order (activity day, then newest). */
    async pageSuggestions(viewer: Viewer, options: SuggestionOptions, tx: Executor = db): Promise<SuggestionRow[]> {
      return tx
        .select({
          ...cardColumns,
          ...relevanceColumns,
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
            eq(profiles.hasPhoto, options.phase.hasPhoto),
            isInTier(viewer, options.phase.tier),
            options.excludeLiked
              ? sql`not exists (select 1 from ${likes} where ${likes.profileId} = ${viewer.profileId} and ${likes.targetProfileId} = ${profiles.id})`
              : undefined,
            options.where,
            options.after ? isAfterRelevance(options.after) : undefined,
          ),
        )
        .orderBy(...relevanceOrder)
        .limit(options.limit);
    },
  };
}
export type MatchesRepository = ReturnType<typeof createMatchesRepository>;
