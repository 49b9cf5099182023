// POST /api/reset-password.php { email }: mails a password reset link (404 unknown address, 429 after too many mails).
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const requestPasswordReset = (body: { email: string }) =>
  apiRequest('reset-password.php', { method: 'POST', body, response: 'successResponseSchema' });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
