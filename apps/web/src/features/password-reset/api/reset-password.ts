// POST /api/reset-password-do.php: sets the new password from the link; every session ends and this browser is logged in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetPasswordDoRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { changeSession, setSessionUser } from '../../../lib/session/session-cache.ts';

export const resetPassword = (body: ResetPasswordDoRequest) =>
  changeSession(apiRequest('reset-password-do.php', { method: 'POST', body, response: 'userResponseSchema' }));

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetPassword, onSuccess: ({ user }) => setSessionUser(queryClient, user) });
}
