// GET /api/auto-like.php: a profile for the like modal when the caller has none (SPEC section 7); 404 when nobody fits.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const autoLikeKeys = { all: ['auto-like'] as const };

export const getAutoLike = () => apiRequest('auto-like.php', { response: 'autoLikeResponseSchema' });

export const autoLikeQueryOptions = () =>
  queryOptions({ queryKey: autoLikeKeys.all, queryFn: getAutoLike, staleTime: 0, gcTime: 0 });

export const useAutoLike = (isEnabled: boolean) => useQuery({ ...autoLikeQueryOptions(), enabled: isEnabled });
