// Landing-page queries: the niche's profiles near the visitor (the search indexes, relevance order, no N+1), a member's card.
import { and, count, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { photos, profiles } from '../../db/schema/index.ts';
import {
  cardColumns,
  isAgeBetween,
  isInPhase,
  isListed,
  isViewable,
  mainPhoto,
  mainPhotoJoin,
  readPhases,
  relevanceColumns,
  relevanceOrder,
  relevancePhases,
  type CardRow,
  type Place,
  type RelevanceKey,
} from '../member-core/index.ts';

/** Who a niche shows (docs/landers.md): equality on gender uses profiles_search_g(c)_idx, the rest filters the index scan. */
export type NicheCriteria = {
  gender: 'male' | 'female';
  minAge: number;
  maxAge: number;
  sexualities?: ('hetero' | 'gay' | 'lesbian' | 'bi')[];
  bodyType?: 'slim' | 'normal' | 'fat';
  /** Any of these interests (jsonb `?|`). */
  interests?: string[];
};

export type LanderProfilesQuery = {
  siteId: number;
  niche: NicheCriteria;
  near: Place | null;
  now: Date;
  limit: number;
  excludeIds?: number[];
};

type Row = CardRow & RelevanceKey;

function nicheWhere(query: LanderProfilesQuery): SQL | undefined {
  const { niche } = query;
  return and(
    isListed(query.siteId),
    // Honest ads (docs/landers.md): only members who agreed to appear in ads, never a fictional profile.
    eq(profiles.showInAds, true),
    eq(profiles.isFictional, false),
    eq(profiles.gender, niche.gender),
    isAgeBetween(query.now, niche.minAge, niche.maxAge),
    niche.sexualities?.length ? inArray(profiles.sexuality, niche.sexualities) : undefined,
    niche.bodyType ? eq(profiles.bodyType, niche.bodyType) : undefined,
    niche.interests?.length
      ? sql`${profiles.interests} ?| array[${sql.join(
          niche.interests.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]`
      : undefined,
    query.excludeIds?.length ? notInArray(profiles.id, query.excludeIds) : undefined,
  );
}

export function createLandersRepository(db: Executor) {
  return {
    /** Listed profiles with a main photo, region first, then country, then elsewhere; at most `limit`. */
    async listProfiles(query: LanderProfilesQuery, tx: Executor = db): Promise<CardRow[]> {
      const collected = await readPhases<Row>(
        relevancePhases(query.near, { requireMainImage: true }),
        null,
        query.limit,
        (phase, after, limit) =>
          tx
            .select({ ...cardColumns, ...relevanceColumns })
            .from(profiles)
            .innerJoin(mainPhoto, mainPhotoJoin)
            .where(and(nicheWhere(query), isInPhase(query.near, phase)))
            .orderBy(...relevanceOrder)
            .limit(limit),
      );
      return collected.map(({ row }) => row);
    },

    /**
     * The card of a member landing's member with whether they may be shown in ads (agreed, not fictional, not in
     * invisible mode), or
     * undefined when nobody may open the profile.
     */
    async findLandingMember(
      siteId: number,
      profileId: number,
      tx: Executor = db,
    ): Promise<(CardRow & { isShownInAds: boolean }) | undefined> {
      const [row] = await tx
        .select({
          ...cardColumns,
          isShownInAds: sql<boolean>`(${profiles.showInAds} and not ${profiles.isFictional} and not ${profiles.isInvisible})`,
        })
        .from(profiles)
        .leftJoin(mainPhoto, mainPhotoJoin)
        .where(and(eq(profiles.id, profileId), isViewable(siteId)))
        .limit(1);
      return row;
    },

    /** How many private photos the profile has (landing3 names the real number). photos_profile_idx. */
    async countPrivatePhotos(profileId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ count: count() })
        .from(photos)
        .where(and(eq(photos.profileId, profileId), eq(photos.isPrivate, true)));
      return row?.count ?? 0;
    },
  };
}
export type LandersRepository = ReturnType<typeof createLandersRepository>;
