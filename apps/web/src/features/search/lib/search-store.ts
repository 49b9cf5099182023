// The search store of SPEC section 3: filters, pages of results appended one by one, the total, similar results and cached cards.
import { useSyncExternalStore } from 'react';
import type { ProfileCard, SearchFilters, SearchQuery, SearchResponse } from '@app/contracts';
import { ApiError } from '../../../lib/api-client.ts';

/** Filter values as the form holds them: '' means "any". `countryregion` is the spec's name for the region filter. */
export type SearchFilterValues = {
  gender: string;
  country: string;
  countryregion: string;
  min_age: string;
  max_age: string;
};

export type SearchPage = { pageNumber: number; results: ProfileCard[] };

export type SearchState = SearchFilterValues & {
  /** The filters were set from the member's defaults (or the server's answer) once. */
  didInit: boolean;
  results: SearchPage[];
  /** Counted on the first page; null before it loaded. */
  numResults: number | null;
  /** More matched than the server counts ("1000+"). */
  isNumResultsCapped: boolean;
  nextCursor: string | null;
  /** Every card seen in this session, by id: a profile page shows name and photo at once while it loads. */
  otherCachedProfiles: Record<number, ProfileCard>;
  similar_results: ProfileCard[];
  similar_numResults: number;
  status: 'idle' | 'loading' | 'error';
  /** The error code of the last failed load. */
  errorCode: string | null;
  /** Visitors: the site does not let them search (any further), show the signup prompt. */
  isLoginRequired: boolean;
};

export const EMPTY_FILTERS: SearchFilterValues = { gender: '', country: '', countryregion: '', min_age: '', max_age: '' };

export function createSearchState(filters: Partial<SearchFilterValues> = {}): SearchState {
  return {
    ...EMPTY_FILTERS,
    ...filters,
    didInit: false,
    results: [],
    numResults: null,
    isNumResultsCapped: false,
    nextCursor: null,
    otherCachedProfiles: {},
    similar_results: [],
    similar_numResults: 0,
    status: 'idle',
    errorCode: null,
    isLoginRequired: false,
  };
}

export function pickFilters(state: SearchFilterValues): SearchFilterValues {
  return { gender: state.gender, country: state.country, countryregion: state.countryregion, min_age: state.min_age, max_age: state.max_age };
}

/** New filters: results of the old ones no longer apply. */
export function applyFilters(state: SearchState, filters: Partial<SearchFilterValues>): SearchState {
  const next = { ...pickFilters(state), ...filters };
  // A region belongs to its country.
  if (next.country !== state.country && filters.countryregion === undefined) next.countryregion = '';
  if (!next.country) next.countryregion = '';
  return clearResults({ ...state, ...next, didInit: true });
}

/** Empties the result pages (the filters and the cached cards stay). */
export function clearResults(state: SearchState): SearchState {
  return {
    ...state,
    results: [],
    numResults: null,
    isNumResultsCapped: false,
    nextCursor: null,
    similar_results: [],
    similar_numResults: 0,
    status: 'idle',
    errorCode: null,
    isLoginRequired: false,
  };
}

/** The API's values of the applied filters, as form values. */
export function filtersFromResponse(filters: SearchFilters): SearchFilterValues {
  return {
    gender: filters.gender ?? '',
    country: filters.country ?? '',
    countryregion: filters.region ?? '',
    min_age: String(filters.min_age),
    max_age: String(filters.max_age),
  };
}

/** The query of one page. */
export function toSearchQuery(filters: SearchFilterValues, cursor?: string | null): SearchQuery {
  const query: SearchQuery = {};
  if (filters.gender === 'male' || filters.gender === 'female') query.gender = filters.gender;
  if (filters.country) query.country = filters.country;
  if (filters.country && filters.countryregion) query.region = filters.countryregion;
  const minAge = Number.parseInt(filters.min_age, 10);
  const maxAge = Number.parseInt(filters.max_age, 10);
  if (Number.isFinite(minAge)) query.min_age = minAge;
  if (Number.isFinite(maxAge)) query.max_age = maxAge;
  if (cursor) query.cursor = cursor;
  return query;
}

function cacheCards(cache: Record<number, ProfileCard>, cards: ProfileCard[]): Record<number, ProfileCard> {
  if (cards.length === 0) return cache;
  const next = { ...cache };
  for (const card of cards) next[card.id] = card;
  return next;
}

/**
 * A loaded page: the first replaces everything (with its count and similar results), later ones are
 * appended as the next page number. Cards already shown are not repeated.
 */
export function appendPage(state: SearchState, response: SearchResponse, isFirstPage: boolean): SearchState {
  const shown = new Set(isFirstPage ? [] : state.results.flatMap((page) => page.results.map((card) => card.id)));
  const fresh = response.results.filter((card) => !shown.has(card.id));
  const base = isFirstPage ? clearResults(state) : state;
  const pageNumber = isFirstPage ? 1 : (state.results.at(-1)?.pageNumber ?? 0) + 1;
  return {
    ...base,
    results: [...base.results, { pageNumber, results: fresh }],
    numResults: isFirstPage ? response.num_results : state.numResults,
    isNumResultsCapped: isFirstPage ? response.is_num_results_capped : state.isNumResultsCapped,
    nextCursor: response.next_cursor,
    similar_results: isFirstPage ? response.similar_results : state.similar_results,
    similar_numResults: isFirstPage ? response.similar_num_results : state.similar_numResults,
    otherCachedProfiles: cacheCards(state.otherCachedProfiles, [...response.results, ...(isFirstPage ? response.similar_results : [])]),
    status: 'idle',
    errorCode: null,
    isLoginRequired: false,
  };
}

export function failLoad(state: SearchState, error: unknown): SearchState {
  const code = error instanceof ApiError ? error.code : 'error_generic';
  return { ...state, status: 'error', errorCode: code, isLoginRequired: code === 'login_required_search' };
}

export const getResultCards = (state: Pick<SearchState, 'results'>): ProfileCard[] => state.results.flatMap((page) => page.results);
export const hasMorePages = (state: Pick<SearchState, 'nextCursor'>): boolean => state.nextCursor !== null;

// ---------------------------------------------------------------------------------------------
// The store: one per tab, kept while the member moves between pages so "back" finds the results again.
// ---------------------------------------------------------------------------------------------

export type SearchFetcher = (query: SearchQuery, signal?: AbortSignal) => Promise<SearchResponse>;

let state: SearchState = createSearchState();
const listeners = new Set<() => void>();
/** Bumped by every new search, so an older answer arriving late is dropped. */
let generation = 0;
let inFlight: AbortController | null = null;
/** Whose search this is (a profile id, null for a visitor): another member's or a visitor's search is not kept. */
let owner: number | null | undefined;

function setState(next: SearchState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const getSearchState = (): SearchState => state;

export function subscribeSearch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchState(): SearchState {
  return useSyncExternalStore(subscribeSearch, getSearchState, getSearchState);
}

/** Sets the starting filters once (the member's defaults); later calls keep what the member chose. */
export function initSearchFilters(filters: Partial<SearchFilterValues>): void {
  if (state.didInit) return;
  setState({ ...state, ...EMPTY_FILTERS, ...filters, didInit: true });
}

async function load(fetcher: SearchFetcher, isFirstPage: boolean): Promise<void> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const current = ++generation;
  const cursor = isFirstPage ? null : state.nextCursor;
  setState({ ...(isFirstPage ? clearResults(state) : state), status: 'loading', errorCode: null });
  try {
    const response = await fetcher(toSearchQuery(state, cursor), controller.signal);
    if (current !== generation) return;
    setState(appendPage(state, response, isFirstPage));
  } catch (error) {
    if (current !== generation) return;
    setState(failLoad(state, error));
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/** Runs the search from its first page with the given filters (or the current ones). */
export function runSearch(fetcher: SearchFetcher, filters?: Partial<SearchFilterValues>): Promise<void> {
  if (filters) setState(applyFilters(state, filters));
  return load(fetcher, true);
}

/** Appends the next page; does nothing on the last page or while a page loads. */
export function loadNextPage(fetcher: SearchFetcher): Promise<void> {
  if (!state.nextCursor || state.status === 'loading') return Promise.resolve();
  return load(fetcher, false);
}

/** Back to the given filters with no results (the Clear button, then a new search). */
export function resetSearch(filters: Partial<SearchFilterValues> = {}): void {
  inFlight?.abort();
  generation += 1;
  setState(clearResults({ ...state, ...EMPTY_FILTERS, ...filters, didInit: true }));
}

/** Forgets everything (logout, tests). */
export function resetSearchStore(): void {
  inFlight?.abort();
  generation += 1;
  owner = undefined;
  setState(createSearchState());
}

export function claimSearchStore(ownerId: number | null): void {
  if (owner === ownerId) return;
  const hadOwner = owner !== undefined;
  owner = ownerId;
  if (hadOwner) {
    inFlight?.abort();
    generation += 1;
    setState(createSearchState());
  }
}
