// POST /api/repeat-order.php: buys the last paid bundle again on the saved card, without a checkout; the order is pending
// until the provider says paid or failed, which the payment status page follows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { rememberOrderBundle } from '../lib/payment-store.ts';
import { orderKeys } from './get-order.ts';

export const repeatOrder = () => apiRequest('repeat-order.php', { method: 'POST', response: 'orderResponseSchema' });

/** `bundleId` is the last order's bundle (the failed page's "try another method" needs it); `onOrdered` opens the order. */
export function useRepeatOrder(bundleId: number, onOrdered: (orderId: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repeatOrder,
    onSuccess: (data) => {
      rememberOrderBundle(data.order.id, bundleId);
      queryClient.setQueryData(orderKeys.detail(data.order.id), data);
      onOrdered(data.order.id);
    },
  });
}
