// POST /api/admin/sites/:id/discount-codes (new) or PUT /api/admin/discount-codes/:id: useSaveCode (the console's catalogue).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDiscountCode } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminSiteKeys } from './admin-site-keys.ts';

export const codeInput = ({ id: _id, site_id: _site, created_at: _created, ...input }: AdminDiscountCode) => input;

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
