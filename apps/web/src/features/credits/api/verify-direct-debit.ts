// POST /api/directdebit-verify.php { id, code }: the right code submits the debit and answers its order, pending until the
// bank settles it (direct_debit_code_invalid, direct_debit_code_expired 410 and direct_debit_not_found otherwise).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from './get-order.ts';

export type VerifyDirectDebitInput = { id: number; code: string };

export const verifyDirectDebit = (input: VerifyDirectDebitInput) =>
  apiRequest('directdebit-verify.php', { method: 'POST', body: input, response: 'orderResponseSchema' });

/** `onOrdered` opens the order. */
export function useVerifyDirectDebit(onOrdered: (orderId: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyDirectDebit,
    onSuccess: (data) => {
      queryClient.setQueryData(orderKeys.detail(data.order.id), data);
      void queryClient.invalidateQueries({ queryKey: orderKeys.list() });
      onOrdered(data.order.id);
    },
  });
}
