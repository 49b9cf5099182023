// GET /api/admin/me: useStaff (the console's staff).
import { useQuery } from '@tanstack/react-query';
import type { Staff } from '@app/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { staffKeys } from './staff-keys.ts';

async function getStaff(): Promise<Staff | null> {
  try {
    return (await apiRequest('/api/admin/me', { response: 'staffResponseSchema', retries: 0 })).staff;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export function useStaff() {
  return useQuery({ queryKey: staffKeys.me, queryFn: getStaff, staleTime: 60_000 });
}
