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
import { LRUCache } from 'lru-cache';
import type { SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { toProfileCard, withDistance, type Viewer } from '../member-core/index.ts';
import { townPosition, type Locate } from '../../lib/nearest.ts';
import {
  POSITION_CURSOR_TYPES,
  positionCursorValues,
  positionFromCursor,
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

/** How long an instance reuses the count of who matches some filters (docs/members.md, "Count"). */
export const SEARCH_COUNT_TTL_MS = 30_000;
/** The shared count runs this far past the cap, so that a searcher hiding up to this many matches still gets "1000+". */
const COUNT_MARGIN = 100;
const COUNT_LIMIT = SEARCH_COUNT_CAP + 1 + COUNT_MARGIN;

/** The count's key: the site and the filters applied (not the searcher: what one searcher hides is counted apart). */
const countKeyOf = (siteId: number, filters: SearchFilters, shownTo: string | null) =>
  JSON.stringify([
    siteId,
    shownTo,
    filters.gender,
    filters.country,
    filters.region,
    filters.min_age,
    filters.max_age,
    filters.verified,
  ]);

/** How long an instance keeps a site's member count (the home page's sentence moves slowly). */
const MEMBER_COUNT_TTL_MS = 10 * 60_000;
/** Below this many listed members the home page names no number. */
const MEMBER_COUNT_MIN = 100;

/**
 * A count as a page may say it: rounded down to its leading digit (1,234 -> 1,000; 23,456 -> 20,000), so "more than"
 * is always true; null below MEMBER_COUNT_MIN (the page then says a sentence without a number).
 */
export function roundedDownCount(count: number): number | null {
  if (count < MEMBER_COUNT_MIN) return null;
  const magnitude = 10 ** Math.floor(Math.log10(count));
  return Math.floor(count / magnitude) * magnitude;
}

type SearchDeps = {
  searchRepository: SearchRepository;
  cursors: CursorCodec;
  /** Town positions (the geocoder): a member's results say how far each is (`distance_km`). */
  locate: Locate;
  now: () => Date;
};
type CountCache = LRUCache<string, { matches: number; at: number }>;

/** The searcher's place: the member's country and region, a visitor's GeoIP country where the site is; else none. */
function placeOf(
  viewer: Pick<Viewer, 'country' | 'region'> | null,
  site: Pick<SearchSite, 'countries'>,
  visitorCountry: string | null | undefined,
): Place | null {
  return viewer
    ? { country: viewer.country, region: viewer.region }
    : visitorCountry && site.countries.includes(visitorCountry)
      ? { country: visitorCountry, region: null }
      : null;
}

/** What reading one search's pages needs: the searcher, the filters searched, the page size, the moment. */
type SearchRun = {
  repo: Pick<SearchRepository, 'readPage' | 'countShown'>;
  counts: CountCache;
  site: SearchSite;
  viewer: Pick<Viewer, 'profileId' | 'gender'> | null;
  filters: SearchFilters;
  searcherPlace: Place | null;
  limit: number;
  now: Date;
};

/**
 * The criteria of `applied`. Without a country filter, the searcher's place comes first; similar results that dropped
 * the country start from the one searched.
 */
function criteriaOf(run: SearchRun, applied: SearchFilters, excludeIds?: number[]): SearchCriteria {
  const { filters } = run;
  const near = applied.country
    ? null
    : filters.country
      ? { country: filters.country, region: filters.region }
      : run.searcherPlace;
  return {
    siteId: run.site.id,
    viewerProfileId: run.viewer?.profileId ?? null,
    shownTo: run.viewer?.gender ?? null,
    gender: applied.gender,
    country: applied.country,
    region: applied.region,
    minAge: applied.min_age,
    maxAge: applied.max_age,
    verifiedOnly: applied.verified,
    now: run.now,
    excludeIds,
    near,
  };
}

/**
 * Up to `limit + 1` results of `applied` after `position`, phase after phase (docs/search-relevance.md), in one
 * statement. A first page (no position) also brings what its count needs, and `count` says how many match
 * for this searcher, up to SEARCH_COUNT_CAP + 1.
 */
async function readResults(
  run: SearchRun,
  applied: SearchFilters,
  position: RelevancePosition | null,
  excludeIds?: number[],
) {
  const { repo, counts, now } = run;
  const criteria = criteriaOf(run, applied, excludeIds);
  const key = position ? null : countKeyOf(run.site.id, applied, run.viewer?.gender ?? null);
  const cached = key ? counts.get(key) : undefined;
  const known = cached && now.getTime() - cached.at < SEARCH_COUNT_TTL_MS ? cached.matches : null;
  const page = await repo.readPage(criteria, relevancePhases(criteria.near), position, run.limit + 1, {
    count: key ? (known === null ? 'matches' : 'hidden') : undefined,
    countLimit: COUNT_LIMIT,
    // Prompts are for members, like on the member page.
    withPrompts: run.viewer !== null,
  });
  const matches = known ?? page.matches ?? 0;
  if (key && known === null) counts.set(key, { matches, at: now.getTime() });
  const hidden = page.hidden ?? 0;
  const count = async (): Promise<number> => {
    // Never fewer than the rows read (a count kept from a few seconds ago may be).
    if (matches < COUNT_LIMIT) return Math.max(matches - hidden, page.rows.length);
    // At least COUNT_LIMIT match: beyond the cap unless this searcher hides more than COUNT_MARGIN of them.
    if (COUNT_LIMIT - hidden > SEARCH_COUNT_CAP) return COUNT_LIMIT - hidden;
    return repo.countShown(criteria, SEARCH_COUNT_CAP + 1);
  };
  return { rows: page.rows, count };
}

/** A first page that is not full gets similar results: the first looser filter set that fills it, or the last tried. */
async function addSimilar(
  run: SearchRun,
  response: SearchResponse,
  results: SearchRow[],
  toCard: (row: SearchRow) => ProfileCard,
): Promise<void> {
  const { limit } = run;
  const needed = limit - results.length;
  const excludeIds = results.map((row) => row.id);
  let similar: { filters: SearchFilters; rows: SearchRow[]; count: () => Promise<number> } | null = null;
  for (const relaxed of relaxFilters(run.filters, run.site)) {
    const page = await readResults(run, relaxed, null, excludeIds);
    const similarRows = page.rows.map(({ row }) => row);
    similar = { filters: relaxed, rows: similarRows, count: page.count };
    if (similarRows.length >= needed) break;
  }
  if (similar && similar.rows.length) {
    const similarTotal = similar.rows.length > limit ? await similar.count() : similar.rows.length;
    response.similar_results = similar.rows.slice(0, limit).map(toCard);
    response.similar_num_results = Math.min(similarTotal, SEARCH_COUNT_CAP);
    response.similar_filters = similar.filters;
  }
}

/** The cursor: the page index (visitors' page limit), the last result's location tier and relevance key. */
function decodeCursor(cursors: CursorCodec, cursor: string | undefined) {
  if (!cursor) return { pageIndex: 0, from: null };
  const [index, ...position] = cursors.decode('search', cursor, `n${POSITION_CURSOR_TYPES}`);
  return { pageIndex: index as number, from: positionFromCursor(position) as RelevancePosition | null };
}

function createSearch(deps: SearchDeps) {
  /** Who matches some filters whoever searches, counted up to COUNT_LIMIT, and when (SEARCH_COUNT_TTL_MS). */
  const counts: CountCache = new LRUCache({ max: 10_000 });
  return {
    /**
     * One page of results. The first page (no cursor) also counts (up to SEARCH_COUNT_CAP) and, when
     * fewer than a page match, adds similar results. Visitors need the site's permission and get
     * VISITOR_SEARCH_PAGES pages at most.
     */
    async search(
      context: {
        viewer: Pick<Viewer, 'profileId' | 'gender' | 'country' | 'region' | 'city'> | null;
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
      const { pageIndex, from } = decodeCursor(deps.cursors, query.cursor);
      if (!viewer && pageIndex >= VISITOR_SEARCH_PAGES) throw loginRequiredSearch();

      const now = deps.now();
      const searcherPlace = placeOf(viewer, site, context.visitorCountry);
      const run: SearchRun = { repo: deps.searchRepository, counts, site, viewer, filters, searcherPlace, limit, now };
      // A member's own town, for the distance on each card.
      const origin = viewer ? townPosition(deps.locate, viewer) : null;
      const toCard = (row: SearchRow): ProfileCard => {
        const card = withDistance(toProfileCard(row, site, now), row, origin, deps.locate);
        return viewer ? { ...card, prompt: row.prompt } : card;
      };
      const { rows: collected, count } = await readResults(run, filters, from);
      const rows = collected.map(({ row }) => row);
      const results = rows.slice(0, limit);
      const last = collected.at(results.length - 1);
      const hasMore = rows.length > limit;
      const response: SearchResponse = {
        results: results.map(toCard),
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

      // A first page that is not full holds every match.
      const counted = hasMore ? await count() : results.length;
      response.num_results = Math.min(counted, SEARCH_COUNT_CAP);
      response.is_num_results_capped = counted > SEARCH_COUNT_CAP;
      if (hasMore) return response;
      await addSimilar(run, response, results, toCard);
      return response;
    },
  };
}

function createHomeMembers(deps: Omit<SearchDeps, 'cursors' | 'locate'>) {
  const repo = deps.searchRepository;
  /** The sites' listed members, counted at most every MEMBER_COUNT_TTL_MS per instance. */
  const memberCounts = new LRUCache<number, Promise<number>>({ max: 1000, ttl: MEMBER_COUNT_TTL_MS });
  const listedMembers = (siteId: number) => {
    let count = memberCounts.get(siteId);
    if (!count) {
      count = repo.countListedMembers(siteId);
      memberCounts.set(siteId, count);
      count.catch(() => memberCounts.delete(siteId));
    }
    return count;
  };

  return {
    /**
     * The home page's faces: members with a main photo (never private), in relevance order near the searcher, as
     * cards of search.php with the site's hidden fields left out. Visitors get them only where they may search.
     */
    async homeMembers(
      context: {
        viewer: Pick<Viewer, 'profileId' | 'gender' | 'country' | 'region'> | null;
        site: SearchSite;
        hasTracking: boolean;
        visitorCountry?: string | null;
      },
      limit = HOME_MEMBERS_DEFAULT,
    ): Promise<HomeMembersResponse> {
      const { viewer, site } = context;
      if (!viewer && !isVisitorSearchAllowed(site, context.hasTracking)) throw loginRequiredSearch();
      const memberCount = roundedDownCount(await listedMembers(site.id));
      const now = deps.now();
      const filters = normalizeFilters(site, {});
      const near = placeOf(viewer, site, context.visitorCountry);
      const criteria: SearchCriteria = {
        siteId: site.id,
        viewerProfileId: viewer?.profileId ?? null,
        shownTo: viewer?.gender ?? null,
        gender: null,
        country: null,
        region: null,
        minAge: filters.min_age,
        maxAge: filters.max_age,
        verifiedOnly: false,
        now,
        near,
      };
      const { rows: collected } = await repo.readPage(
        criteria,
        relevancePhases(near, { requireMainImage: true }),
        null,
        limit,
      );
      const profiles = collected
        .map(({ row }) => toProfileCard(row, site, now))
        .filter((card) => card.main_image !== null);
      return { profiles, member_count: memberCount };
    },
  };
}

export function createSearchService(deps: SearchDeps) {
  return { ...createSearch(deps), ...createHomeMembers(deps) };
}
export type SearchService = ReturnType<typeof createSearchService>;
