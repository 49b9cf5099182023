// POST /api/admin/logout: useStaffLogout (the console's staff).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetConsoleData } from './forget-console-data.ts';
import { staffKeys } from './staff-keys.ts';

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
