// GET /api/admin/tickets: useAdminTickets (the console's operations).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TicketStatus } from './ticket-status.ts';
import { adminTicketKeys } from './admin-ticket-keys.ts';

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
