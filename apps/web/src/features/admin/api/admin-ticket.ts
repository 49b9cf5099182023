// GET /api/admin/tickets/:id: useAdminTicket (the console's operations).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminTicketKeys } from './admin-ticket-keys.ts';

export function useAdminTicket(id: number) {
  return useQuery({
    queryKey: adminTicketKeys.detail(id),
    queryFn: () => apiRequest(`/api/admin/tickets/${id}`, { response: 'adminTicketResponseSchema' }),
  });
}
