// POST /api/block.php { id }: block a member (likes both ways and a match end; neither sees the other again).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const blockMember = (id: number) => apiRequest<{ is_blocked: boolean }>('block.php', { method: 'POST', body: { id } });

/** Blocking changes profiles, likes and every list of members. */
export async function invalidateBlockState(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [['member'], ['blocks'], ['likes'], ['likes-list'], ['likes-member'], ['match-finder'], ['signup-matches'], ['swipe']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: blockMember, onSettled: () => invalidateBlockState(queryClient) });
}
