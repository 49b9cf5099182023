// The suggestion query behind the match finder, signup matches, swipe candidates and auto-like: one keyset page of one phase, main photo joined.
import { and, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likes, profiles, swipes } from '../../db/schema/index.ts';
import {
  cardColumns,
  isListed,
  isNotBlockedWith,
  mainPhoto,
  mainPhotoJoin,
  type CardRow,
  type Viewer,
} from '../member-core/index.ts';
import {
  isAfterRelevance,
  isInPhase,
  relevanceColumns,
  relevanceOrder,
  type RelevanceKey,
  type RelevancePhase,
} from '../member-core/index.ts';
import { isSuitableFor } from '../member-core/index.ts';

export type SuggestionRow = CardRow & RelevanceKey & { isLiked: boolean; isLikedBy: boolean };
export type SuggestionOptions = {
  phase: RelevancePhase;
  /** The key of the last row shown in this phase (keyset), null from its start. */
  after: RelevanceKey | null;
  limit: number;
  minAge: number;
  now: Date;
  excludeLiked?: boolean;
  /** Leave out members the viewer swiped already (the swipe game). */
  excludeSwiped?: boolean;
};

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
            isInPhase(viewer, options.phase),
            options.excludeLiked
              ? sql`not exists (select 1 from ${likes} where ${likes.profileId} = ${viewer.profileId} and ${likes.targetProfileId} = ${profiles.id})`
              : undefined,
            options.excludeSwiped
              ? sql`not exists (select 1 from ${swipes} where ${swipes.profileId} = ${viewer.profileId} and ${swipes.targetProfileId} = ${profiles.id})`
              : undefined,
            options.after ? isAfterRelevance(options.after) : undefined,
          ),
        )
        .orderBy(...relevanceOrder)
        .limit(options.limit);
    },
  };
}
export type MatchesRepository = ReturnType<typeof createMatchesRepository>;
