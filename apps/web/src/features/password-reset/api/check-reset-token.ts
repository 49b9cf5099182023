// GET /api/reset-password-do.php?token= : whether a reset link still works, before the new-password form shows.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SuccessResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const checkResetToken = (token: string) => apiRequest<SuccessResponse>('reset-password-do.php', { query: { token } });

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['reset-token', token], queryFn: () => checkResetToken(token), staleTime: Infinity, retry: false });

export const useResetTokenCheck = (token: string) => useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });
