// GET /api/complaints.php: the member's newest orders, which a complaint may name.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const ticketKeys = {
  all: ['tickets'] as const,
  complaintOrders: () => [...ticketKeys.all, 'complaint-orders'] as const,
};

export const getComplaintOrders = () => apiRequest('complaints.php', { response: 'complaintOrdersResponseSchema' });

export const complaintOrdersQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.complaintOrders(), queryFn: getComplaintOrders, select: (data) => data.orders });

export const useComplaintOrders = (isEnabled: boolean) =>
  useQuery({ ...complaintOrdersQueryOptions(), enabled: isEnabled });
