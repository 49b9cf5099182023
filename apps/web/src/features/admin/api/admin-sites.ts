// GET /api/admin/sites: useAdminSites (the console's sites).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSiteKeys } from './admin-site-keys.ts';

export function useAdminSites() {
  return useQuery({
    queryKey: adminSiteKeys.all,
    queryFn: () => apiRequest('/api/admin/sites', { response: 'adminSitesResponseSchema' }),
  });
}
