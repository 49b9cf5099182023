// POST /api/activation-mail.php: sends the logged-in, not yet confirmed member the activation mail again.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const resendActivationMail = () =>
  apiRequest('activation-mail.php', { method: 'POST', response: 'successResponseSchema' });

export const useResendActivationMail = () => useMutation({ mutationFn: resendActivationMail });
