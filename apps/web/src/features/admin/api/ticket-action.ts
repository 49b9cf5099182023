// POST /api/admin/tickets/:id/reply or /close: useTicketAction (the console's tickets).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminTicketKeys } from './admin-ticket-keys.ts';

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
