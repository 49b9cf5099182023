// A site's credit bundles and discount codes in the console (admins): list, add, and switch on or off.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBundle, AdminDiscountCode } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSiteKeys } from './sites.ts';

export function useSiteBundles(siteId: number) {
  return useQuery({
    queryKey: adminSiteKeys.bundles(siteId),
    queryFn: () => apiRequest(`/api/admin/sites/${siteId}/bundles`, { response: 'adminBundlesResponseSchema' }),
  });
}

export function useSiteCodes(siteId: number) {
  return useQuery({
    queryKey: adminSiteKeys.codes(siteId),
    queryFn: () =>
      apiRequest(`/api/admin/sites/${siteId}/discount-codes`, { response: 'adminDiscountCodesResponseSchema' }),
  });
}

const bundleInput = ({ id: _id, site_id: _site, ...input }: AdminBundle) => input;
const codeInput = ({ id: _id, site_id: _site, created_at: _created, ...input }: AdminDiscountCode) => input;

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

export function useSaveCode(siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: { id?: number } & ReturnType<typeof codeInput>) => {
      const { id, ...body } = code;
      return id === undefined
        ? apiRequest(`/api/admin/sites/${siteId}/discount-codes`, {
            method: 'POST',
            body,
            response: 'adminDiscountCodeResponseSchema',
          })
        : apiRequest(`/api/admin/discount-codes/${id}`, {
            method: 'PUT',
            body,
            response: 'adminDiscountCodeResponseSchema',
          });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSiteKeys.codes(siteId) }),
  });
}

export { bundleInput, codeInput };
