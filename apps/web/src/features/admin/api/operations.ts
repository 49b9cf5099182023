// Tickets (every staff role: read, reply by mail, close) and payments (orders with the provider's state, refunds by
// admins, failed webhooks) of the console.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ORDER_STATUSES, TICKET_STATUSES } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

type TicketStatus = (typeof TICKET_STATUSES)[number];
type OrderStatus = (typeof ORDER_STATUSES)[number];
export type { OrderStatus, TicketStatus };

export function useAdminTickets(status: TicketStatus) {
  return useInfiniteQuery({
    queryKey: ['admin', 'tickets', status],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/tickets', {
        query: { status, cursor: pageParam },
        response: 'adminTicketsResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useAdminTicket(id: number) {
  return useQuery({
    queryKey: ['admin', 'ticket', id],
    queryFn: () => apiRequest(`/api/admin/tickets/${id}`, { response: 'adminTicketResponseSchema' }),
  });
}

export function useTicketAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'reply'; body: string; close: boolean } | { kind: 'close' }) =>
      action.kind === 'reply'
        ? apiRequest(`/api/admin/tickets/${id}/reply`, {
            method: 'POST',
            body: { body: action.body, close: action.close },
            response: 'adminTicketResponseSchema',
          })
        : apiRequest(`/api/admin/tickets/${id}/close`, { method: 'POST', response: 'adminTicketResponseSchema' }),
    onSuccess: (result) => {
      queryClient.setQueryData(['admin', 'ticket', id], result);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'tickets'] });
    },
  });
}

export function useAdminOrders(status: OrderStatus | '') {
  return useInfiniteQuery({
    queryKey: ['admin', 'orders', status],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/orders', {
        query: { status: status || undefined, cursor: pageParam },
        response: 'adminOrdersResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useAdminOrder(id: number) {
  return useQuery({
    queryKey: ['admin', 'order', id],
    queryFn: () => apiRequest(`/api/admin/orders/${id}`, { response: 'adminOrderResponseSchema' }),
  });
}

export function useRefundOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/admin/orders/${id}/refund`, { method: 'POST', response: 'adminOrderResponseSchema' }),
    onSuccess: (result) => {
      queryClient.setQueryData(['admin', 'order', id], result);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    },
  });
}

export function useFailedWebhooks(isEnabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['admin', 'webhooks'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/webhooks', { query: { cursor: pageParam }, response: 'adminWebhooksResponseSchema' }),
    getNextPageParam: (last) => last.next_cursor,
    enabled: isEnabled,
  });
}
