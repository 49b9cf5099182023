// GET /api/dev/mailbox: mails kept by the development mailbox (newest first); the API answers 404 outside development.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_INDEPENDENT_META } from '../../../lib/session/session-cache.ts';

export const devMailboxKeys = {
  all: ['dev-mailbox'] as const,
  recipient: (to: string) => [...devMailboxKeys.all, to] as const,
};

export const getDevMailbox = (to: string) =>
  apiRequest('dev/mailbox', { query: { to: to || undefined }, retries: 0, response: 'devMailboxResponseSchema' });

export const devMailboxQueryOptions = (to: string) =>
  queryOptions({
    queryKey: devMailboxKeys.recipient(to),
    meta: SESSION_INDEPENDENT_META,
    queryFn: () => getDevMailbox(to),
    staleTime: 0,
    select: (data) => data.mails,
  });

export const useDevMailbox = (to: string) => useQuery(devMailboxQueryOptions(to));
