// DELETE /api/like.php { id }: take a like back (a match ends with it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateLikeState } from './like-member.ts';

export const unlikeMember = (id: number) => apiRequest<LikeResponse>('like.php', { method: 'DELETE', body: { id } });

export function useUnlikeMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlikeMember, onSettled: () => invalidateLikeState(queryClient) });
}
