// GET /api/swipe.php: the next swipe-game candidates with today's likes left and when they reset.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationsMeta } from '../../../lib/member-relations-cache.ts';

export const swipeKeys = { all: ['swipe'] as const };

export const getSwipeCandidates = () => apiRequest('swipe.php', { response: 'swipeResponseSchema' });

export const swipeCandidatesQueryOptions = () =>
  queryOptions({
    queryKey: swipeKeys.all,
    meta: memberRelationsMeta('block'),
    queryFn: getSwipeCandidates,
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useSwipeCandidates = () => useQuery(swipeCandidatesQueryOptions());
