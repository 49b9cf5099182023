// GET /api/reset-password-do.php?token= : whether a reset link still works, before the new-password form shows.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_INDEPENDENT_META } from '../../../lib/session/session-cache.ts';

/** A single-use link: its answer is kept across the session change it causes. */
export const resetTokenKeys = {
  all: ['reset-token'] as const,
  token: (token: string) => [...resetTokenKeys.all, token] as const,
};

export const checkResetToken = (token: string) =>
  apiRequest('reset-password-do.php', { query: { token }, response: 'successResponseSchema' });

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: resetTokenKeys.token(token),
    meta: SESSION_INDEPENDENT_META,
    queryFn: () => checkResetToken(token),
    staleTime: Infinity,
    retry: false,
  });

export const useResetTokenCheck = (token: string) =>
  useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });
