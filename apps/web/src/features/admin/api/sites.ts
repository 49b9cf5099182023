// White-label sites in the console (admins): the list, one site's settings, create and edit (served at once).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSiteInput } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** A site's bundles and codes sit under the site, so saving the site refreshes them too. */
export const adminSiteKeys = {
  all: [...adminKeys.all, 'sites'] as const,
  detail: (id: number | null) => [...adminSiteKeys.all, id] as const,
  bundles: (id: number) => [...adminSiteKeys.detail(id), 'bundles'] as const,
  codes: (id: number) => [...adminSiteKeys.detail(id), 'codes'] as const,
};

export function useAdminSites() {
  return useQuery({
    queryKey: adminSiteKeys.all,
    queryFn: () => apiRequest('/api/admin/sites', { response: 'adminSitesResponseSchema' }),
  });
}

export function useAdminSite(id: number | null) {
  return useQuery({
    queryKey: adminSiteKeys.detail(id),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSiteKeys.all }),
  });
}
