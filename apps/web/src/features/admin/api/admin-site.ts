// GET /api/admin/sites/:id: useAdminSite (the console's sites).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSiteKeys } from './admin-site-keys.ts';

export function useAdminSite(id: number | null) {
  return useQuery({
    queryKey: adminSiteKeys.detail(id),
    queryFn: () => apiRequest(`/api/admin/sites/${id}`, { response: 'adminSiteResponseSchema' }),
    enabled: id !== null,
  });
}
