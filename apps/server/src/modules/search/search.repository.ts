// The member search queries: one keyset page in relevance order (main photo joined, no N+1) and a capped count, both on the partial search indexes.
import { and, count, eq, inArray, isNotNull, ne, notInArray, type SQL } from 'drizzle-orm';
import type { ProfileCard } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';
import {
  cardColumns,
  isAgeBetween,
  isListed,
  isNotBlockedWith,
  mainPhoto,
  mainPhotoJoin,
  withFirstPrompts,
  type CardRow,
} from '../member-core/index.ts';
import {
  isAfterRelevance,
  isInPhase,
  relevanceColumns,
  relevanceOrder,
  type Place,
  type RelevanceKey,
  type RelevancePhase,
} from '../member-core/index.ts';

export type SearchRow = CardRow & RelevanceKey;

export type SearchCriteria = {
  siteId: number;
  /** The searching member's profile (left out, and blocks both ways apply); null for visitors. */
  viewerProfileId: number | null;
  gender: 'male' | 'female' | null;
  country: string | null;
  region: string | null;
  minAge: number;
  maxAge: number;
  /** Only members staff verified (profiles.verified_at set). */
  verifiedOnly?: boolean;
  now: Date;
  /** Profiles to leave out (similar results leave out the main results). */
  excludeIds?: number[];
  /** The place the pages are read near (phases by location tier), null for plain relevance order. */
  near: Place | null;
};

/** The one phase of a search read without a place. */
export const WHOLE_LIST: RelevancePhase = { hasPhoto: null, tier: 'all' };

function whereOf(criteria: SearchCriteria): SQL | undefined {
  return and(
    isListed(criteria.siteId),
    criteria.gender ? eq(profiles.gender, criteria.gender) : undefined,
    criteria.country ? eq(profiles.country, criteria.country) : undefined,
    criteria.country && criteria.region ? eq(profiles.region, criteria.region) : undefined,
    isAgeBetween(criteria.now, criteria.minAge, criteria.maxAge),
    criteria.verifiedOnly ? isNotNull(profiles.verifiedAt) : undefined,
    criteria.viewerProfileId !== null ? ne(profiles.id, criteria.viewerProfileId) : undefined,
    criteria.viewerProfileId !== null ? isNotBlockedWith(criteria.viewerProfileId) : undefined,
    criteria.excludeIds?.length ? notInArray(profiles.id, criteria.excludeIds) : undefined,
  );
}

export function createSearchRepository(db: Executor) {
  return {
    /** One phase in relevance order: the profiles after `after` (keyset; never OFFSET), at most `limit`. */
    async page(
      criteria: SearchCriteria,
      after: RelevanceKey | null,
      limit: number,
      phase = WHOLE_LIST,
      tx: Executor = db,
    ): Promise<SearchRow[]> {
      return this.pageQuery(criteria, after, limit, phase, tx);
    },

    /** The page query unexecuted (the benchmark and the index test print its plan). */
    pageQuery(
      criteria: SearchCriteria,
      after: RelevanceKey | null,
      limit: number,
      phase = WHOLE_LIST,
      tx: Executor = db,
    ) {
      return tx
        .select({ ...cardColumns, ...relevanceColumns })
        .from(profiles)
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(and(whereOf(criteria), isInPhase(criteria.near, phase), after ? isAfterRelevance(after) : undefined))
        .orderBy(...relevanceOrder)
        .limit(limit);
    },

    /** How many match, counting no further than `cap + 1` so a broad search stays as cheap as a narrow one. */
    async count(criteria: SearchCriteria, cap: number, tx: Executor = db): Promise<number> {
      const matching = tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(whereOf(criteria))
        .limit(cap + 1)
        .as('matching');
      const [row] = await tx.select({ value: count() }).from(matching);
      return Number(row?.value ?? 0);
    },

    /** The cards with their members' first prompts (members' results only). */
    withFirstPrompts: (cards: ProfileCard[]) => withFirstPrompts(db, cards),

    /** Primary-key lookup of cards (the benchmark's baseline, and a helper for callers holding ids). */
    async findCards(ids: number[], tx: Executor = db): Promise<CardRow[]> {
      if (!ids.length) return [];
      return tx.select(cardColumns).from(profiles).leftJoin(mainPhoto, mainPhotoJoin).where(inArray(profiles.id, ids));
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
