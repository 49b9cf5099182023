// White-label sites in the console (admins): the list, one site's settings, create and edit (served at once).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSiteInput } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useAdminSites() {
  return useQuery({
    queryKey: ['admin', 'sites'],
    queryFn: () => apiRequest('/api/admin/sites', { response: 'adminSitesResponseSchema' }),
  });
}

export function useAdminSite(id: number | null) {
  return useQuery({
    queryKey: ['admin', 'sites', id],
    queryFn: () => apiRequest(`/api/admin/sites/${id}`, { response: 'adminSiteResponseSchema' }),
    enabled: id !== null,
  });
}

export function useSaveSite(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminSiteInput) =>
      id === null
        ? apiRequest('/api/admin/sites', { method: 'POST', body: input, response: 'adminSiteResponseSchema' })
        : apiRequest(`/api/admin/sites/${id}`, { method: 'PUT', body: input, response: 'adminSiteResponseSchema' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'sites'] }),
  });
}
