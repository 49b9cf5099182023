// POST /api/swipe.php { id, action: like | skip }: one swipe; answers the likes left today and whether it made a match.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SwipeRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateMemberRelations } from '../../../lib/member-relations-cache.ts';

export const swipe = (body: SwipeRequest) =>
  apiRequest('swipe.php', { method: 'POST', body, response: 'swipeActionResponseSchema' });

export function useSwipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: swipe,
    onSuccess: (_data, variables) =>
      variables.action === 'like' ? invalidateMemberRelations(queryClient, 'like') : undefined,
  });
}
