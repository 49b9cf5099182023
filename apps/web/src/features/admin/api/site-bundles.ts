// GET /api/admin/sites/:id/bundles: useSiteBundles (the console's catalog).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSiteKeys } from './admin-site-keys.ts';

export function useSiteBundles(siteId: number) {
  return useQuery({
    queryKey: adminSiteKeys.bundles(siteId),
    queryFn: () => apiRequest(`/api/admin/sites/${siteId}/bundles`, { response: 'adminBundlesResponseSchema' }),
  });
}
