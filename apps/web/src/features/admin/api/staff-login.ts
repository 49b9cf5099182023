// POST /api/admin/login: useStaffLogin (the console's staff).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffLoginRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetConsoleData } from './forget-console-data.ts';
import { staffKeys } from './staff-keys.ts';

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
