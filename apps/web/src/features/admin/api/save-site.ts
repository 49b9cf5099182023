// POST /api/admin/sites (new) or PUT /api/admin/sites/:id: useSaveSite (the console's sites).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSiteInput } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSiteKeys } from './admin-site-keys.ts';

export function useSaveSite(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminSiteInput) =>
      id === null
        ? apiRequest('/api/admin/sites', { method: 'POST', body: input, response: 'adminSiteResponseSchema' })
        : apiRequest(`/api/admin/sites/${id}`, { method: 'PUT', body: input, response: 'adminSiteResponseSchema' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSiteKeys.all }),
  });
}
