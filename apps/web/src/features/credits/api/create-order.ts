// POST /api/order.php { bundle_id, method, country?, discount_code? }: the server prices the order and answers the
// provider's hosted checkout, which the browser then opens (the sandbox's page in development, the provider's in production).
import { useMutation } from '@tanstack/react-query';
import type { PaymentMethod } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { rememberOrderBundle } from '../lib/payment-store.ts';

export type CreateOrderInput = { bundle_id: number; method: PaymentMethod; country?: string; discount_code?: string };

export const createOrder = (input: CreateOrderInput) =>
  apiRequest('order.php', { method: 'POST', body: input, response: 'createOrderResponseSchema' });

/** Leaves the site for the checkout; a test passes its own `openCheckout`. */
export function useCreateOrder(openCheckout: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: createOrder,
    onSuccess: ({ order, checkout_url: checkoutUrl }, input) => {
      rememberOrderBundle(order.id, input.bundle_id);
      openCheckout(checkoutUrl);
    },
  });
}
