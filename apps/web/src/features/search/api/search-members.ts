// GET /api/search.php: one page of members matching the filters (the first page also counts and adds similar results).
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { ProfileCard, SearchQuery, SearchResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { readTracking } from '../../../lib/tracking.ts';
import { toSearchQuery, type SearchFilterValues } from '../lib/search-filters.ts';

export const searchKeys = {
  all: ['search'] as const,
  /** One search: whose it is (a profile id, null for a visitor) and its filters; its pages are the query's pages. */
  list: (ownerId: number | null, filters: SearchFilterValues) => [...searchKeys.all, 'list', ownerId, filters] as const,
  /** The first members of an unfiltered search (the activation page's overview). */
  overview: (limit: number) => [...searchKeys.all, 'overview', limit] as const,
};

/** 4xx answers are not retried by the API client; a newer search cancels an older one through `signal`. */
export const searchMembers = (query: SearchQuery, signal?: AbortSignal) =>
  apiRequest('search.php', { query: { ...query }, signal, response: 'searchResponseSchema' });

/** Visitors send the traffic source they came with (logged_out_search_trafficsource). */
function searchAs(isVisitor: boolean, query: SearchQuery, signal: AbortSignal) {
  if (!isVisitor) return searchMembers(query, signal);
  const { network, ref } = readTracking();
  return searchMembers({ ...query, ...(network ? { network } : {}), ...(ref ? { ref } : {}) }, signal);
}

/**
 * SPEC section 3: the pages of one search, appended one by one with `next_cursor`. Kept for the tab (staleTime
 * Infinity): going back from a profile finds the same pages. A change of filters is another query, so a late
 * answer of the old search never shows.
 */
export const searchQueryOptions = (ownerId: number | null, filters: SearchFilterValues) =>
  infiniteQueryOptions({
    queryKey: searchKeys.list(ownerId, filters),
    queryFn: ({ pageParam, signal }) => searchAs(ownerId === null, toSearchQuery(filters, pageParam), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    staleTime: Infinity,
  });

export const useSearchMembers = (ownerId: number | null, filters: SearchFilterValues, isEnabled: boolean) =>
  useInfiniteQuery({ ...searchQueryOptions(ownerId, filters), enabled: isEnabled });

/** The result cards of all loaded pages, in order; a member a later page repeats is shown once. */
export function getResultCards(pages: readonly SearchResponse[] | undefined): ProfileCard[] {
  const seen = new Set<number>();
  const cards: ProfileCard[] = [];
  for (const card of (pages ?? []).flatMap((page) => page.results)) {
    if (seen.has(card.id)) continue;
    seen.add(card.id);
    cards.push(card);
  }
  return cards;
}

/** A card the searches of this tab loaded: a profile page shows the name at once while it loads, and the blocked page names the member. */
export function findSearchedCard(queryClient: QueryClient, id: number): ProfileCard | undefined {
  for (const [, data] of queryClient.getQueriesData<{ pages: SearchResponse[] } | SearchResponse>({
    queryKey: searchKeys.all,
  })) {
    const pages = data && 'pages' in data ? data.pages : data ? [data] : [];
    for (const page of pages) {
      const card =
        page.results.find((result) => result.id === id) ?? page.similar_results.find((result) => result.id === id);
      if (card) return card;
    }
  }
  return undefined;
}
