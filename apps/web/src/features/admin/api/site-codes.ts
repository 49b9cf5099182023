// GET /api/admin/sites/:id/discount-codes: useSiteCodes (the console's catalog).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSiteKeys } from './admin-site-keys.ts';

export function useSiteCodes(siteId: number) {
  return useQuery({
    queryKey: adminSiteKeys.codes(siteId),
    queryFn: () =>
      apiRequest(`/api/admin/sites/${siteId}/discount-codes`, { response: 'adminDiscountCodesResponseSchema' }),
  });
}
