// GET /api/regions.php: regions per country of this site, loaded once and kept.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const regionsKeys = { all: ['regions'] as const };

export const getRegions = () => apiRequest('regions.php', { response: 'regionsResponseSchema' });

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: regionsKeys.all,
    queryFn: getRegions,
    staleTime: Infinity,
    gcTime: Infinity,
    select: (data) => data.regions,
  });

export const useRegions = () => useQuery(regionsQueryOptions());
