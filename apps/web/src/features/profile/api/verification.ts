// Photo verification (docs/verification.md): GET / POST / DELETE /api/verification.php and the selfie
// (POST /api/verification-selfie.php, multipart field `photo`). Every answer is the verification's new state.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ownProfileKeys } from '../../../lib/session/get-own-profile.ts';

export const verificationKeys = { all: ['verification'] as const };

const getVerification = () => apiRequest('verification.php', { response: 'verificationResponseSchema' });

export function useVerification() {
  return useQuery({ queryKey: verificationKeys.all, queryFn: getVerification });
}

function useVerificationMutation<T>(send: (input: T) => Promise<VerificationResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (data) => {
      queryClient.setQueryData(verificationKeys.all, data);
      if (data.verification.state === 'approved') await queryClient.invalidateQueries({ queryKey: ownProfileKeys.all });
    },
  });
}

/** Shows a pose to copy (the server picks it; an attempt already started keeps its pose). */
export const useStartVerification = () =>
  useVerificationMutation(() =>
    apiRequest('verification.php', { method: 'POST', body: {}, response: 'verificationResponseSchema' }),
  );

/** Withdraws the open attempt; its selfie is deleted. */
export const useWithdrawVerification = () =>
  useVerificationMutation(() =>
    apiRequest('verification.php', { method: 'DELETE', response: 'verificationResponseSchema' }),
  );

/** Sends the selfie copying the pose (never retried: an upload is not idempotent). */
export const useSendSelfie = () =>
  useVerificationMutation((file: File) => {
    const form = new FormData();
    form.append('photo', file, file.name);
    return apiRequest('verification-selfie.php', {
      method: 'POST',
      body: form,
      response: 'verificationResponseSchema',
    });
  });
