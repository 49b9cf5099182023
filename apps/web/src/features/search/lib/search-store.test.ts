// The search store (SPEC section 3): pages appended in order, the count from the first page, clearing, stale answers dropped.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileCard, SearchQuery, SearchResponse } from '@app/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  appendPage,
  applyFilters,
  claimSearchStore,
  clearResults,
  createSearchState,
  getResultCards,
  getSearchState,
  hasMorePages,
  initSearchFilters,
  loadNextPage,
  resetSearch,
  resetSearchStore,
  runSearch,
  toSearchQuery,
  type SearchFetcher,
} from './search-store.ts';

function card(id: number): ProfileCard {
  return { id, name: `Member ${id}`, age: 30, gender: 'female', country: 'NL', region: null, city: null, main_image: null, is_fictional: false };
}

function page(ids: number[], overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    results: ids.map(card),
    next_cursor: null,
    num_results: null,
    is_num_results_capped: false,
    filters: { gender: null, country: null, region: null, min_age: 18, max_age: 99 },
    similar_results: [],
    similar_num_results: 0,
    similar_filters: null,
    ...overrides,
  };
}

/** Three pages of two: ids 10..5, cursors c1 and c2. */
function pagedFetcher(): SearchFetcher & { queries: SearchQuery[] } {
  const queries: SearchQuery[] = [];
  const fetcher = vi.fn(async (query: SearchQuery) => {
    queries.push(query);
    if (!query.cursor) return page([10, 9], { next_cursor: 'c1', num_results: 6 });
    if (query.cursor === 'c1') return page([8, 7], { next_cursor: 'c2' });
    return page([6, 5]);
  });
  return Object.assign(fetcher, { queries });
}

afterEach(() => resetSearchStore());

describe('search store: pure steps', () => {
  it('appends pages with increasing page numbers and keeps the first page count', () => {
    let state = appendPage(createSearchState(), page([3, 2], { next_cursor: 'a', num_results: 4 }), true);
    state = appendPage(state, page([1, 0], { num_results: null }), false);
    expect(state.results.map((entry) => entry.pageNumber)).toEqual([1, 2]);
    expect(getResultCards(state).map((entry) => entry.id)).toEqual([3, 2, 1, 0]);
    expect(state.numResults).toBe(4);
    expect(hasMorePages(state)).toBe(false);
  });

  it('never shows a member twice when a later page repeats one', () => {
    let state = appendPage(createSearchState(), page([3, 2], { next_cursor: 'a' }), true);
    state = appendPage(state, page([2, 1]), false);
    expect(getResultCards(state).map((entry) => entry.id)).toEqual([3, 2, 1]);
  });

  it('a first page replaces earlier results and brings similar results and the capped count', () => {
    let state = appendPage(createSearchState(), page([9, 8], { next_cursor: 'x' }), true);
    state = appendPage(state, page([1], { num_results: 1000, is_num_results_capped: true, similar_results: [card(50)], similar_num_results: 1 }), true);
    expect(getResultCards(state).map((entry) => entry.id)).toEqual([1]);
    expect(state.isNumResultsCapped).toBe(true);
    expect(state.similar_results.map((entry) => entry.id)).toEqual([50]);
    expect(state.similar_numResults).toBe(1);
    expect(state.nextCursor).toBeNull();
    // Every card seen stays cached for the profile page.
    expect(Object.keys(state.otherCachedProfiles).map(Number).sort()).toEqual([1, 50, 8, 9]);
  });

  it('clearing empties the pages but keeps the filters', () => {
    const state = clearResults(appendPage(applyFilters(createSearchState(), { gender: 'female' }), page([1], { num_results: 1 }), true));
    expect(state.results).toEqual([]);
    expect(state.numResults).toBeNull();
    expect(state.gender).toBe('female');
  });

  it('new filters drop the results, and a region goes with its country', () => {
    let state = applyFilters(createSearchState(), { country: 'NL', countryregion: 'NH' });
    state = appendPage(state, page([1]), true);
    state = applyFilters(state, { country: 'BE' });
    expect(state.countryregion).toBe('');
    expect(state.results).toEqual([]);
  });

  it('turns the filters into the API query', () => {
    expect(toSearchQuery({ gender: 'male', country: 'NL', countryregion: 'NH', min_age: '25', max_age: '40' }, 'cur')).toEqual({
      gender: 'male',
      country: 'NL',
      region: 'NH',
      min_age: 25,
      max_age: 40,
      cursor: 'cur',
    });
    expect(toSearchQuery({ gender: '', country: '', countryregion: 'NH', min_age: '', max_age: '' })).toEqual({});
  });
});

describe('search store: loading', () => {
  it('loads the first page, then appends the next ones with the cursor', async () => {
    const fetcher = pagedFetcher();
    await runSearch(fetcher, { gender: 'female' });
    expect(getResultCards(getSearchState()).map((entry) => entry.id)).toEqual([10, 9]);
    expect(getSearchState().numResults).toBe(6);
    await loadNextPage(fetcher);
    await loadNextPage(fetcher);
    expect(getResultCards(getSearchState()).map((entry) => entry.id)).toEqual([10, 9, 8, 7, 6, 5]);
    expect(getSearchState().results.map((entry) => entry.pageNumber)).toEqual([1, 2, 3]);
    expect(fetcher.queries).toEqual([{ gender: 'female' }, { gender: 'female', cursor: 'c1' }, { gender: 'female', cursor: 'c2' }]);
    // The last page has no cursor: nothing more is asked.
    await loadNextPage(fetcher);
    expect(fetcher.queries).toHaveLength(3);
  });

  it('a new search starts again from the first page', async () => {
    const fetcher = pagedFetcher();
    await runSearch(fetcher);
    await loadNextPage(fetcher);
    await runSearch(fetcher, { country: 'NL' });
    expect(getResultCards(getSearchState()).map((entry) => entry.id)).toEqual([10, 9]);
    expect(fetcher.queries.at(-1)).toEqual({ country: 'NL' });
  });

  it('drops an answer that arrives after a newer search started', async () => {
    let releaseSlow: (value: SearchResponse) => void = () => {};
    const fetcher: SearchFetcher = vi.fn((query: SearchQuery) =>
      query.gender === 'male' ? new Promise<SearchResponse>((resolve) => (releaseSlow = resolve)) : Promise.resolve(page([2], { num_results: 1 })),
    );
    const slow = runSearch(fetcher, { gender: 'male' });
    await runSearch(fetcher, { gender: 'female' });
    releaseSlow(page([99], { num_results: 1 }));
    await slow;
    expect(getResultCards(getSearchState()).map((entry) => entry.id)).toEqual([2]);
    expect(getSearchState().gender).toBe('female');
  });

  it('a visitor refused on a later page keeps the results and gets the signup prompt', async () => {
    const fetcher: SearchFetcher = vi.fn(async (query: SearchQuery) => {
      if (query.cursor) throw new ApiError(403, 'login_required_search', 'Sign up');
      return page([4, 3], { next_cursor: 'c1', num_results: 200 });
    });
    await runSearch(fetcher);
    await loadNextPage(fetcher);
    const state = getSearchState();
    expect(state.isLoginRequired).toBe(true);
    expect(state.status).toBe('error');
    expect(getResultCards(state).map((entry) => entry.id)).toEqual([4, 3]);
  });

  it('Clear goes back to the given filters with no results', async () => {
    await runSearch(pagedFetcher(), { gender: 'male', country: 'DE' });
    resetSearch({ gender: 'female' });
    const state = getSearchState();
    expect(state.results).toEqual([]);
    expect(state.gender).toBe('female');
    expect(state.country).toBe('');
  });

  it('sets the starting filters once, and forgets the search of another member', async () => {
    claimSearchStore(1);
    initSearchFilters({ gender: 'female' });
    initSearchFilters({ gender: 'male' });
    expect(getSearchState().gender).toBe('female');
    await runSearch(pagedFetcher());
    claimSearchStore(1);
    expect(getResultCards(getSearchState())).toHaveLength(2);
    claimSearchStore(2);
    expect(getSearchState().didInit).toBe(false);
    expect(getSearchState().results).toEqual([]);
  });
});
