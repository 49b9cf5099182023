// DELETE /api/block.php { id }: unblock a member (likes removed by the block do not come back).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateBlockState } from './block-member.ts';

export const unblockMember = (id: number) => apiRequest<{ is_blocked: boolean }>('block.php', { method: 'DELETE', body: { id } });

export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unblockMember, onSettled: () => invalidateBlockState(queryClient) });
}
