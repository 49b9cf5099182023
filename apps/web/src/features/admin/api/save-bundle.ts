// POST /api/admin/sites/:id/bundles (new) or PUT /api/admin/bundles/:id: useSaveBundle (the console's catalogue).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBundle } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSiteKeys } from './admin-site-keys.ts';

export const bundleInput = ({ id: _id, site_id: _site, ...input }: AdminBundle) => input;

export function useSaveBundle(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bundle: { id?: number } & ReturnType<typeof bundleInput>) => {
      const { id, ...body } = bundle;
      return id === undefined
        ? apiRequest(`/api/admin/sites/${siteId}/bundles`, {
            method: 'POST',
            body,
            response: 'adminBundleResponseSchema',
          })
        : apiRequest(`/api/admin/bundles/${id}`, { method: 'PUT', body, response: 'adminBundleResponseSchema' });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSiteKeys.bundles(siteId) }),
  });
}
