// POST /api/directdebit-resend.php { id }: texts a new code once the cooldown is over (429 direct_debit_resend_wait with
// params.count seconds before it; 429 direct_debit_limit after too many). Answers the request's new state.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const resendDirectDebitCode = (id: number) =>
  apiRequest('directdebit-resend.php', { method: 'POST', body: { id }, response: 'directDebitResponseSchema' });

export const useResendDirectDebitCode = () => useMutation({ mutationFn: resendDirectDebitCode });
