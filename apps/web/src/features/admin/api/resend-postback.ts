// POST /api/admin/traffic/postbacks/:id/resend: useResendPostback (the console's traffic).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminTrafficKeys } from './admin-traffic-keys.ts';

export function useResendPostback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/traffic/postbacks/${id}/resend`, {
        method: 'POST',
        response: 'adminPostbackResponseSchema',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTrafficKeys.postbacks() }),
  });
}
