// POST /api/activate.php { token }: activates the account from the e-mailed link and logs that member in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { changeSession } from '../../../lib/session/session-cache.ts';
import { SESSION_INDEPENDENT_META } from '../../../lib/session/session-cache.ts';

/** A single-use link: its answer is kept across the session change it causes. */
export const activationKeys = {
  all: ['activation'] as const,
  token: (token: string) => [...activationKeys.all, token] as const,
};

export const activateAccount = (token: string) =>
  changeSession(apiRequest('activate.php', { method: 'POST', body: { token }, response: 'userResponseSchema' }));

/**
 * A query rather than a mutation: the token is single-use, and a query runs once per token even when
 * React mounts the page twice (strict mode) or the member comes back to it.
 */
export const activationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: activationKeys.token(token),
    meta: SESSION_INDEPENDENT_META,
    queryFn: () => activateAccount(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/**
 * `isReady` holds the request back while the page's session check is under way: the server replaces the session
 * cookie, and a request still carrying the old one must not overtake it.
 */
export const useActivation = (token: string, isReady = true) =>
  useQuery({ ...activationQueryOptions(token), enabled: token !== '' && isReady });
