// GET /api/match-moments.php: the matches whose moment the member has not seen (the other like came while they were
// away); POST { id }: seen (docs/members.md, "The match moment").
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const matchMomentsKeys = { all: ['match-moments'] as const };

export const matchMomentsQueryOptions = () =>
  queryOptions({
    queryKey: matchMomentsKeys.all,
    queryFn: () => apiRequest('match-moments.php', { response: 'matchMomentsResponseSchema' }),
    staleTime: 60_000,
  });

export const markMatchMomentSeen = (id: number) =>
  apiRequest('match-moments.php', { method: 'POST', body: { id }, response: 'matchMomentSeenResponseSchema' });
