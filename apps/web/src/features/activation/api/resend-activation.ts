// POST /api/activation-mail.php: sends the logged-in, not yet confirmed member the activation mail again.
import { useMutation } from '@tanstack/react-query';
import type { SuccessResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const resendActivationMail = () => apiRequest<SuccessResponse>('activation-mail.php', { method: 'POST' });

export const useResendActivationMail = () => useMutation({ mutationFn: resendActivationMail });
