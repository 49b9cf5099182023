// GET /api/interests.php: the interest keys and icons, loaded once and kept.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const interestsKeys = { all: ['interests'] as const };

export const getInterests = () => apiRequest('interests.php', { response: 'interestsResponseSchema' });

export const interestsQueryOptions = () =>
  queryOptions({
    queryKey: interestsKeys.all,
    queryFn: getInterests,
    staleTime: Infinity,
    gcTime: Infinity,
    select: (data) => data.interests,
  });

export const useInterests = () => useQuery(interestsQueryOptions());
