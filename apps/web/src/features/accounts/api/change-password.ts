// POST /api/password.php: changes the password (old one checked; the member's other sessions end).
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const changePassword = (body: ChangePasswordRequest) =>
  apiRequest('password.php', { method: 'POST', body, response: 'successResponseSchema' });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
