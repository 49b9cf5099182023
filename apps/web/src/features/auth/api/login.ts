// POST /api/user.php { email, password }: logs in and answers the member; the session cache and language follow.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { applyAccountLanguage, changeSession, setSessionUser } from '../../../lib/session/session-cache.ts';

export const login = (body: LoginRequest) =>
  changeSession(apiRequest('user.php', { method: 'POST', body, response: 'userResponseSchema' }));

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ user }) => {
      await applyAccountLanguage(user).catch(() => undefined);
      await setSessionUser(queryClient, user);
    },
  });
}
