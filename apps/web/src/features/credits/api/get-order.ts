// GET /api/order.php?id=: one of the member's orders. The payment status page reads it (it never credits) and asks
// again every 2 s while the payment is open or pending.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const ORDER_POLL_MS = 2_000;

export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
};

export const getOrder = (id: number) => apiRequest('order.php', { query: { id }, response: 'orderResponseSchema' });

export function isOrderSettling(order: Pick<Order, 'status'> | undefined): boolean {
  return order?.status === 'open' || order?.status === 'pending';
}

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => getOrder(id),
    select: (data) => data.order,
    refetchInterval: (query) =>
      query.state.status !== 'error' && (!query.state.data || isOrderSettling(query.state.data.order))
        ? ORDER_POLL_MS
        : false,
    staleTime: 0,
  });

export const useOrder = (id: number) => useQuery(orderQueryOptions(id));
