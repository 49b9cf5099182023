// DELETE /api/like.php { id }: take a like back (a match ends with it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationMutation } from '../../../lib/member-relations-cache.ts';

export const unlikeMember = (id: number) =>
  apiRequest('like.php', { method: 'DELETE', body: { id }, response: 'likeResponseSchema' });

/** Optimistic like useLikeMember, rolled back on failure. */
export function useUnlikeMember() {
  const queryClient = useQueryClient();
  return useMutation(memberRelationMutation(queryClient, unlikeMember, { is_liked: false }));
}
