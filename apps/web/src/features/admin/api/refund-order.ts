// POST /api/admin/orders/:id/refund: useRefundOrder (the console's operations).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminOrderKeys } from './admin-order-keys.ts';

export function useRefundOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/admin/orders/${id}/refund`, { method: 'POST', response: 'adminOrderResponseSchema' }),
    onSuccess: (result) => {
      queryClient.setQueryData(adminOrderKeys.detail(id), result);
      return queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    },
  });
}
