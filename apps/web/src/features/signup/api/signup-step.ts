// PUT /api/signup.php: saves signup steps 1-4 of the logged-in new member and answers the member with the next step.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupStepRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSessionUser } from '../../../lib/session/session-cache.ts';
import { SIGNUP_MUTATION_KEY } from './signup-account.ts';

export const saveSignupStep = (body: SignupStepRequest) =>
  apiRequest('signup.php', { method: 'PUT', body, response: 'userResponseSchema' });

export function useSaveSignupStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...SIGNUP_MUTATION_KEY, 'step'],
    mutationFn: saveSignupStep,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
