// GET /api/match-finder.php?cursor=: suggestions by the member's preferences, page by page, with their like state.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationsMeta } from '../../../lib/member-relations-cache.ts';

export const matchFinderKeys = { all: ['match-finder'] as const };

export const getMatchFinder = (cursor?: string) =>
  apiRequest('match-finder.php', { query: { cursor }, response: 'matchFinderResponseSchema' });

export const matchFinderQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: matchFinderKeys.all,
    meta: memberRelationsMeta('like', 'block'),
    queryFn: ({ pageParam }) => getMatchFinder(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

export const useMatchFinder = () => useInfiniteQuery(matchFinderQueryOptions());
