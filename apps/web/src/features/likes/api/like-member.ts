// POST /api/like.php { id }: like a member; `is_new_match` says this like made a match ("It's a match").
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LikeResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { LIKES_QUERY_KEY } from './get-likes.ts';

export const likeMember = (id: number) => apiRequest<LikeResponse>('like.php', { method: 'POST', body: { id } });

/** Every list and page that shows like state; refreshed after a like or unlike. */
export const LIKE_STATE_QUERY_KEYS = [LIKES_QUERY_KEY, ['likes-list'], ['likes-member'], ['member'], ['match-finder']] as const;

export async function invalidateLikeState(queryClient: QueryClient): Promise<void> {
  await Promise.all(LIKE_STATE_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useLikeMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: likeMember, onSettled: () => invalidateLikeState(queryClient) });
}
