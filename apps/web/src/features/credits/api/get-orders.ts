// GET /api/orders.php: the member's orders, newest first (/transactions without an id).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from './get-order.ts';

export const getOrders = () => apiRequest('orders.php', { response: 'ordersResponseSchema' });

export const ordersQueryOptions = () =>
  queryOptions({ queryKey: orderKeys.list(), queryFn: getOrders, select: (data) => data.orders, staleTime: 0 });

export const useOrders = () => useQuery(ordersQueryOptions());
