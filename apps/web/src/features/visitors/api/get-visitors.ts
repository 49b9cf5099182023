// GET /api/visitors.php?cursor=: who viewed the member's profile (count; the list for premium members), page by page.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationsMeta } from '../../../lib/member-relations-cache.ts';

export const visitorsKeys = { all: ['visitors'] as const };

export const getVisitors = (cursor?: string) =>
  apiRequest('visitors.php', { query: { cursor }, response: 'visitorsResponseSchema' });

export const visitorsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: visitorsKeys.all,
    // A block elsewhere drops the blocked member from the list (and the count) at once.
    meta: memberRelationsMeta('block'),
    queryFn: ({ pageParam }) => getVisitors(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

export const useVisitors = () => useInfiniteQuery(visitorsQueryOptions());
