// GET /api/admin/orders: useAdminOrders (the console's operations).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { OrderStatus } from './order-status.ts';
import { adminOrderKeys } from './admin-order-keys.ts';

export function useAdminOrders(status: OrderStatus | '') {
  return useInfiniteQuery({
    queryKey: adminOrderKeys.list(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/orders', {
        query: { status: status || undefined, cursor: pageParam },
        response: 'adminOrdersResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
