// Search rules: which filters the site offers, visitor access, keyset pages with a capped count, and similar results when few match.
import {
  SEARCH_COUNT_CAP,
  SEARCH_MAX_AGE,
  SEARCH_PAGE_SIZE,
  VISITOR_SEARCH_PAGES,
  type HomeMembersResponse,
  type ProfileCard,
  type SearchFilters,
  type SearchQuery,
  type SearchResponse,
} from '@app/contracts';
import type { SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { toProfileCard, withDistance, type Viewer } from '../member-core/index.ts';
import { townPosition, type Locate } from '../../lib/nearest.ts';
import {
  POSITION_CURSOR_TYPES,
  positionCursorValues,
  positionFromCursor,
  readPhases,
  relevancePhases,
  type Place,
  type RelevancePosition,
} from '../member-core/index.ts';
import type { SearchCriteria, SearchRepository, SearchRow } from './search.repository.ts';

/** The home page shows this many faces unless it asks for another number. */
export const HOME_MEMBERS_DEFAULT = 12;

/** Similar results widen the age range by this many years on each side. */
export const SIMILAR_AGE_WIDENING = 5;

export type SearchSite = Pick<
  SiteRow,
  | 'id'
  | 'cdnPrefix'
  | 'visibleProfileFields'
  | 'minAge'
  | 'countries'
  | 'searchFields'
  | 'loggedOutSearch'
  | 'loggedOutSearchTrafficsource'
>;

export const loginRequiredSearch = () => new AppError(403, 'login_required_search');

/** Visitors search as the site allows: logged_out_search, or logged_out_search_trafficsource when they came with tracking data. */
export function isVisitorSearchAllowed(site: SearchSite, hasTracking: boolean): boolean {
  return (hasTracking ? site.loggedOutSearchTrafficsource : site.loggedOutSearch) !== 'none';
}

/** The filters applied: only those in settings.search_fields, ages within the site's minimum age and SEARCH_MAX_AGE. */
export function normalizeFilters(
  site: SearchSite,
  query: Pick<SearchQuery, 'gender' | 'country' | 'region' | 'min_age' | 'max_age' | 'verified'>,
  isMember = false,
): SearchFilters {
  const offers = (field: string) => site.searchFields.includes(field);
  const country = offers('country') ? (query.country ?? null) : null;
  if (country && !site.countries.includes(country)) {
    throw new AppError(400, 'validation_failed', undefined, [{ path: 'country', code: 'country_invalid' }]);
  }
  const minAge = Math.max(site.minAge, offers('min_age') ? (query.min_age ?? site.minAge) : site.minAge);
  const maxAge = offers('max_age') ? (query.max_age ?? SEARCH_MAX_AGE) : SEARCH_MAX_AGE;
  if (minAge > maxAge)
    throw new AppError(400, 'validation_failed', undefined, [{ path: 'max_age', code: 'search_age_range_invalid' }]);
  return {
    gender: offers('gender') ? (query.gender ?? null) : null,
    country,
    region: country && offers('region') ? query.region || null : null,
    min_age: minAge,
    max_age: maxAge,
    // Verification is a members' filter (visitors see no badges to search by).
    verified: isMember && query.verified === '1',
  };
}

/** The looser filter sets tried, in order, when few members match: region dropped, ages widened, country dropped. */
export function relaxFilters(filters: SearchFilters, site: Pick<SearchSite, 'minAge'>): SearchFilters[] {
  const steps: SearchFilters[] = [];
  let current = filters;
  if (current.region) steps.push((current = { ...current, region: null }));
  const widened = {
    ...current,
    min_age: Math.max(site.minAge, current.min_age - SIMILAR_AGE_WIDENING),
    max_age: Math.min(SEARCH_MAX_AGE, current.max_age + SIMILAR_AGE_WIDENING),
  };
  if (widened.min_age !== current.min_age || widened.max_age !== current.max_age) steps.push((current = widened));
  if (current.country) steps.push({ ...current, country: null, region: null });
  return steps;
}

export function createSearchService(deps: {
  searchRepository: SearchRepository;
  cursors: CursorCodec;
  /** Town positions (the geocoder): a member's results say how far each is (`distance_km`). */
  locate: Locate;
  now: () => Date;
}) {
  const repo = deps.searchRepository;

  return {
    /**
     * One page of results. The first page (no cursor) also counts (up to SEARCH_COUNT_CAP) and, when
     * fewer than a page match, adds similar results. Visitors need the site's permission and get
     * VISITOR_SEARCH_PAGES pages at most.
     */
    async search(
      context: {
        viewer: Pick<Viewer, 'profileId' | 'country' | 'region' | 'city'> | null;
        site: SearchSite;
        hasTracking: boolean;
        /** The visitor's GeoIP country (null when unknown, and for members). */
        visitorCountry?: string | null;
      },
      query: SearchQuery,
    ): Promise<SearchResponse> {
      const { viewer, site } = context;
      if (!viewer && !isVisitorSearchAllowed(site, context.hasTracking)) throw loginRequiredSearch();
      const filters = normalizeFilters(site, query, viewer !== null);
      const limit = query.limit ?? SEARCH_PAGE_SIZE;
      // The cursor: the page index (visitors' page limit), the last result's location tier and relevance key.
      let pageIndex = 0;
      let from: RelevancePosition | null = null;
      if (query.cursor) {
        const [index, ...position] = deps.cursors.decode('search', query.cursor, `n${POSITION_CURSOR_TYPES}`);
        pageIndex = index as number;
        from = positionFromCursor(position);
      }
      if (!viewer && pageIndex >= VISITOR_SEARCH_PAGES) throw loginRequiredSearch();

      const now = deps.now();
      // Without a country filter, the searcher's place comes first: the member's country and region, a
      // visitor's GeoIP country; similar results that dropped the country start from the one searched.
      const searcherPlace: Place | null = viewer
        ? { country: viewer.country, region: viewer.region }
        : context.visitorCountry && site.countries.includes(context.visitorCountry)
          ? { country: context.visitorCountry, region: null }
          : null;
      const nearOf = (applied: SearchFilters): Place | null =>
        applied.country ? null : filters.country ? { country: filters.country, region: filters.region } : searcherPlace;
      const criteriaOf = (applied: SearchFilters, excludeIds?: number[]): SearchCriteria => ({
        siteId: site.id,
        viewerProfileId: viewer?.profileId ?? null,
        gender: applied.gender,
        country: applied.country,
        region: applied.region,
        minAge: applied.min_age,
        maxAge: applied.max_age,
        verifiedOnly: applied.verified,
        now,
        excludeIds,
        near: nearOf(applied),
      });
      /** Up to `count` results after `position`, phase after phase (docs/search-relevance.md). */
      const read = (applied: SearchCriteria, position: RelevancePosition | null, count: number) =>
        readPhases<SearchRow>(relevancePhases(applied.near), position, count, (phase, after, remaining) =>
          repo.page(applied, after, remaining, phase),
        );
      const criteria = criteriaOf(filters);
      // A member's own town, for the distance on each card.
      const origin = viewer ? townPosition(deps.locate, viewer) : null;
      const toCard = (row: SearchRow) => withDistance(toProfileCard(row, site, now), row, origin, deps.locate);
      // Prompts are for members, like on the member page: one lookup for the page's cards.
      const withPrompts = (cards: ProfileCard[]) => (viewer ? repo.withFirstPrompts(cards) : cards);
      const collected = await read(criteria, from, limit + 1);
      const rows = collected.map(({ row }) => row);
      const results = rows.slice(0, limit);
      const last = collected.at(results.length - 1);
      const hasMore = rows.length > limit;
      const response: SearchResponse = {
        results: await withPrompts(results.map(toCard)),
        next_cursor:
          hasMore && last
            ? deps.cursors.encode('search', [pageIndex + 1, ...positionCursorValues(last.phase.tier, last.row)])
            : null,
        num_results: null,
        is_num_results_capped: false,
        filters,
        similar_results: [],
        similar_num_results: 0,
        similar_filters: null,
      };
      if (query.cursor) return response;

      // A first page that is not full holds every match: no count query needed.
      const total = hasMore ? await repo.count(criteria, SEARCH_COUNT_CAP) : results.length;
      response.num_results = Math.min(total, SEARCH_COUNT_CAP);
      response.is_num_results_capped = total > SEARCH_COUNT_CAP;
      if (hasMore) return response;

      const needed = limit - results.length;
      const excludeIds = results.map((row) => row.id);
      let similar: { filters: SearchFilters; rows: typeof rows } | null = null;
      for (const relaxed of relaxFilters(filters, site)) {
        const similarRows = (await read(criteriaOf(relaxed, excludeIds), null, limit + 1)).map(({ row }) => row);
        similar = { filters: relaxed, rows: similarRows };
        if (similarRows.length >= needed) break;
      }
      if (similar && similar.rows.length) {
        const similarTotal =
          similar.rows.length > limit
            ? await repo.count(criteriaOf(similar.filters, excludeIds), SEARCH_COUNT_CAP)
            : similar.rows.length;
        response.similar_results = await withPrompts(similar.rows.slice(0, limit).map(toCard));
        response.similar_num_results = Math.min(similarTotal, SEARCH_COUNT_CAP);
        response.similar_filters = similar.filters;
      }
      return response;
    },

    /**
     * The home page's faces: members with a main photo (never private), in relevance order near the searcher, as
     * cards of search.php with the site's hidden fields left out. Visitors get them only where they may search.
     */
    async homeMembers(
      context: {
        viewer: Pick<Viewer, 'profileId' | 'country' | 'region'> | null;
        site: SearchSite;
        hasTracking: boolean;
        visitorCountry?: string | null;
      },
      limit = HOME_MEMBERS_DEFAULT,
    ): Promise<HomeMembersResponse> {
      const { viewer, site } = context;
      if (!viewer && !isVisitorSearchAllowed(site, context.hasTracking)) throw loginRequiredSearch();
      const now = deps.now();
      const filters = normalizeFilters(site, {});
      const near: Place | null = viewer
        ? { country: viewer.country, region: viewer.region }
        : context.visitorCountry && site.countries.includes(context.visitorCountry)
          ? { country: context.visitorCountry, region: null }
          : null;
      const criteria: SearchCriteria = {
        siteId: site.id,
        viewerProfileId: viewer?.profileId ?? null,
        gender: null,
        country: null,
        region: null,
        minAge: filters.min_age,
        maxAge: filters.max_age,
        verifiedOnly: false,
        now,
        near,
      };
      const collected = await readPhases<SearchRow>(
        relevancePhases(near, { requireMainImage: true }),
        null,
        limit,
        (phase, after, remaining) => repo.page(criteria, after, remaining, phase),
      );
      const profiles = collected
        .map(({ row }) => toProfileCard(row, site, now))
        .filter((card) => card.main_image !== null);
      return { profiles };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
