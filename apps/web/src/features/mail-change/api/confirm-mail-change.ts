// POST /api/mail-change-do.php { token }: confirms the new address from the e-mailed link and answers it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_INDEPENDENT_META } from '../../../lib/session/session-cache.ts';

/** A single-use link: its answer is kept across the session change it causes. */
export const mailChangeKeys = {
  all: ['mail-change'] as const,
  token: (token: string) => [...mailChangeKeys.all, token] as const,
};

export const confirmMailChange = (token: string) =>
  apiRequest('mail-change-do.php', { method: 'POST', body: { token }, response: 'mailChangeDoResponseSchema' });

/** A query so the single-use token is sent once, even when the page mounts twice. */
export const mailChangeQueryOptions = (token: string) =>
  queryOptions({
    queryKey: mailChangeKeys.token(token),
    meta: SESSION_INDEPENDENT_META,
    queryFn: () => confirmMailChange(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

export const useConfirmMailChange = (token: string) =>
  useQuery({ ...mailChangeQueryOptions(token), enabled: token !== '' });
