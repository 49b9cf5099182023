// POST /api/block.php { id }: block a member (likes both ways and a match end; neither sees the other again).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationMutation } from '../../../lib/member-relations-cache.ts';

export const blockMember = (id: number) =>
  apiRequest('block.php', { method: 'POST', body: { id }, response: 'blockResponseSchema' });

/** The profile shows the block and the member leaves every list at once; a failure puts them back; all refetch after. */
export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation(memberRelationMutation(queryClient, blockMember, { is_blocked: true }));
}
