// POST /api/unmatch.php { id }: end a match for both (both likes withdrawn, the conversation off both lists).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationMutation } from '../../../lib/member-relations-cache.ts';

export const unmatchMember = (id: number) =>
  apiRequest('unmatch.php', { method: 'POST', body: { id }, response: 'likeResponseSchema' });

/** Shown as unliked at once, rolled back on failure; the chat list hears of the removal on the socket or its poll. */
export function useUnmatchMember() {
  const queryClient = useQueryClient();
  return useMutation(memberRelationMutation(queryClient, unmatchMember, { is_liked: false }));
}
