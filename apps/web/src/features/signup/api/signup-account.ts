// POST /api/signup.php (step 0): creates the account, logs it in and answers the new member (201).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupAccountRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { changeSession, setSessionUser } from '../../../lib/session/session-cache.ts';

/** Every signup request carries this key, so the modal knows a step is being saved. */
export const SIGNUP_MUTATION_KEY = ['signup'] as const;

export const signupAccount = (body: SignupAccountRequest) =>
  changeSession(apiRequest('signup.php', { method: 'POST', body, response: 'userResponseSchema' }));

export function useSignupAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...SIGNUP_MUTATION_KEY, 'account'],
    mutationFn: signupAccount,
    onSuccess: ({ user }) => setSessionUser(queryClient, user),
  });
}
