// POST /api/reactivate.php { token }: brings a deleted account back from the mailed link and logs that member in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { changeSession } from '../../../lib/session/session-cache.ts';
import { SESSION_INDEPENDENT_META } from '../../../lib/session/session-cache.ts';

/** A single-use link: its answer is kept across the session change it causes. */
export const reactivationKeys = {
  all: ['reactivation'] as const,
  token: (token: string) => [...reactivationKeys.all, token] as const,
};

export const reactivateAccount = (token: string) =>
  changeSession(apiRequest('reactivate.php', { method: 'POST', body: { token }, response: 'userResponseSchema' }));

/** A query so the single-use token is sent once, even when the page mounts twice. */
export const reactivationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: reactivationKeys.token(token),
    meta: SESSION_INDEPENDENT_META,
    queryFn: () => reactivateAccount(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** `isReady` holds the request back while the page's session check is under way (see useActivation). */
export const useReactivation = (token: string, isReady = true) =>
  useQuery({ ...reactivationQueryOptions(token), enabled: token !== '' && isReady });
