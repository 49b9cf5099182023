// POST /api/mail-change-do.php { token }: confirms the new address from the e-mailed link and answers it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type MailChangeDoResponse = { success: true; email: string };

export const confirmMailChange = (token: string) => apiRequest<MailChangeDoResponse>('mail-change-do.php', { method: 'POST', body: { token } });

/** A query so the single-use token is sent once, even when the page mounts twice. */
export const mailChangeQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['mail-change', token], queryFn: () => confirmMailChange(token), staleTime: Infinity, gcTime: Infinity, retry: false });

export const useConfirmMailChange = (token: string) => useQuery({ ...mailChangeQueryOptions(token), enabled: token !== '' });
