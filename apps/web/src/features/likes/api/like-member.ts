// POST /api/like.php { id }: like a member; `is_new_match` says this like made a match ("It's a match").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { memberRelationMutation } from '../../../lib/member-relations-cache.ts';

export const likeMember = (id: number) =>
  apiRequest('like.php', { method: 'POST', body: { id }, response: 'likeResponseSchema' });

/** Profiles and suggestions show the like at once; a failure puts them back; every list refetches after. */
export function useLikeMember() {
  const queryClient = useQueryClient();
  return useMutation(memberRelationMutation(queryClient, likeMember, { is_liked: true }));
}
