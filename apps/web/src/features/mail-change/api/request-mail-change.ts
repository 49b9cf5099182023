// POST /api/mail-change.php { email, password }: mails a confirmation link to the new address.
import { useMutation } from '@tanstack/react-query';
import type { MailChangeRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const requestMailChange = (body: MailChangeRequest) =>
  apiRequest('mail-change.php', { method: 'POST', body, response: 'successResponseSchema' });

export const useRequestMailChange = () => useMutation({ mutationFn: requestMailChange });
