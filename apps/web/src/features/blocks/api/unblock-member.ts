// DELETE /api/block.php { id }: unblock a member (likes removed by the block do not come back).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationMutation } from '../../../lib/member-relations-cache.ts';

export const unblockMember = (id: number) =>
  apiRequest('block.php', { method: 'DELETE', body: { id }, response: 'blockResponseSchema' });

/** Optimistic like useBlockMember: the member leaves the blocked list at once, and comes back if it fails. */
export function useUnblockMember() {
  const queryClient = useQueryClient();
  return useMutation(memberRelationMutation(queryClient, unblockMember, { is_blocked: false }));
}
