// GET /api/admin/orders/:id: useAdminOrder (the console's operations).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminOrderKeys } from './admin-order-keys.ts';

export function useAdminOrder(id: number) {
  return useQuery({
    queryKey: adminOrderKeys.detail(id),
    queryFn: () => apiRequest(`/api/admin/orders/${id}`, { response: 'adminOrderResponseSchema' }),
  });
}
