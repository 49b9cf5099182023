// GET /api/interests.php: the interest keys and icons, loaded once and kept.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Interest } from '@app/contracts';
import { apiRequest } from '../api-client.ts';

export const interestsKeys = { all: ['interests'] as const };

export const getInterests = () => apiRequest<{ interests: Interest[] }>('interests.php');

export const interestsQueryOptions = () =>
  queryOptions({ queryKey: interestsKeys.all, queryFn: getInterests, staleTime: Infinity, gcTime: Infinity, select: (data) => data.interests });

export const useInterests = () => useQuery(interestsQueryOptions());
