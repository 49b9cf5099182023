// The console's verification queue (docs/verification.md): selfies waiting for a decision (keyset pages, oldest
// first), approve or reject with a reason; the selfie is deleted by the server with the decision.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVerificationDecision } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export const adminVerificationKeys = { all: [...adminKeys.all, 'verifications'] as const };

export function useAdminVerifications() {
  return useInfiniteQuery({
    queryKey: adminVerificationKeys.all,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/verifications', {
        query: { cursor: pageParam },
        response: 'adminVerificationsResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: AdminVerificationDecision }) =>
      apiRequest(`/api/admin/verifications/${id}`, {
        method: 'POST',
        body: decision,
        response: 'adminSuccessSchema',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminVerificationKeys.all }),
  });
}
