// POST /api/admin/verifications/:id: useDecideVerification (the console's verifications).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVerificationDecision } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminVerificationKeys } from './admin-verification-keys.ts';

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
