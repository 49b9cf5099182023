// POST /api/refund.php { order }: refunds the unused credits of one of the member's orders within refund_days; the member
// stays premium. Refusals (period over, nothing unused, already refunded) come back translated.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { userKeys } from '../../../lib/session/get-user.ts';
import { orderKeys } from './get-order.ts';

export const refundOrder = (orderId: number) =>
  apiRequest('refund.php', { method: 'POST', body: { order: orderId }, response: 'refundResponseSchema' });

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (data) => {
      queryClient.setQueryData(orderKeys.detail(data.order.id), { order: data.order });
      void queryClient.invalidateQueries({ queryKey: orderKeys.list() });
      // The credits left the balance.
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
