// The staff session of the console (docs/staff-console.md): GET /api/admin/me (401: not signed in), login with
// e-mail, password and the authenticator's code, logout. Its own cookie, never the member session.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Staff, StaffLoginRequest } from '@app/contracts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export const staffKeys = { me: [...adminKeys.all, 'me'] as const };

/** Everything a previous staff session loaded (not `me` itself: its screen observes it). */
const forgetConsoleData = {
  queryKey: adminKeys.all,
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== staffKeys.me[1],
};

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

export function useStaffLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffLoginRequest) =>
      apiRequest('/api/admin/login', { method: 'POST', body, response: 'staffResponseSchema' }),
    onSuccess: (result) => {
      queryClient.removeQueries(forgetConsoleData);
      queryClient.setQueryData(staffKeys.me, result.staff);
    },
  });
}

export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/admin/logout', { method: 'POST', response: 'adminSuccessSchema' }),
    onSettled: () => {
      queryClient.removeQueries(forgetConsoleData);
      queryClient.setQueryData(staffKeys.me, null);
    },
  });
}
