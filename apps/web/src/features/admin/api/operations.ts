// Tickets (every staff role: read, reply by mail, close) and payments (orders with the provider's state, refunds by
// admins, failed webhooks) of the console.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ORDER_STATUSES, TICKET_STATUSES } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

type TicketStatus = (typeof TICKET_STATUSES)[number];
type OrderStatus = (typeof ORDER_STATUSES)[number];
export type { OrderStatus, TicketStatus };

/** Lists under `all` (refreshed after an action), one ticket or order by its own key (set from the action's answer). */
export const adminTicketKeys = {
  all: [...adminKeys.all, 'tickets'] as const,
  list: (status: TicketStatus) => [...adminTicketKeys.all, status] as const,
  detail: (id: number) => [...adminKeys.all, 'ticket', id] as const,
};
export const adminOrderKeys = {
  all: [...adminKeys.all, 'orders'] as const,
  list: (status: OrderStatus | '') => [...adminOrderKeys.all, status] as const,
  detail: (id: number) => [...adminKeys.all, 'order', id] as const,
};
export const adminWebhookKeys = { all: [...adminKeys.all, 'webhooks'] as const };

export function useAdminTickets(status: TicketStatus) {
  return useInfiniteQuery({
    queryKey: adminTicketKeys.list(status),
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
    queryKey: adminTicketKeys.detail(id),
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
      queryClient.setQueryData(adminTicketKeys.detail(id), result);
      return queryClient.invalidateQueries({ queryKey: adminTicketKeys.all });
    },
  });
}

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

export function useAdminOrder(id: number) {
  return useQuery({
    queryKey: adminOrderKeys.detail(id),
    queryFn: () => apiRequest(`/api/admin/orders/${id}`, { response: 'adminOrderResponseSchema' }),
  });
}

export function useRefundOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/api/admin/orders/${id}/refund`, { method: 'POST', response: 'adminOrderResponseSchema' }),
    onSuccess: (result) => {
      queryClient.setQueryData(adminOrderKeys.detail(id), result);
      return queryClient.invalidateQueries({ queryKey: adminOrderKeys.all });
    },
  });
}

export function useFailedWebhooks(isEnabled: boolean) {
  return useInfiniteQuery({
    queryKey: adminWebhookKeys.all,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/webhooks', { query: { cursor: pageParam }, response: 'adminWebhooksResponseSchema' }),
    getNextPageParam: (last) => last.next_cursor,
    enabled: isEnabled,
  });
}
