// GET /api/admin/members/:id/orders: useAdminMemberOrders (the console's members).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminMemberKeys } from './admin-member-keys.ts';

export function useAdminMemberOrders(id: number) {
  return useInfiniteQuery({
    queryKey: adminMemberKeys.orders(id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest(`/api/admin/members/${id}/orders`, {
        query: { cursor: pageParam },
        response: 'adminOrdersResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
