// DELETE /api/admin/traffic/networks/:id: useDeleteNetwork (the console's traffic).
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshNetworks } from './refresh-networks.ts';

export function useDeleteNetwork() {
  const refresh = useRefreshNetworks();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/traffic/networks/${id}`, { method: 'DELETE', response: 'adminSuccessSchema' }),
    onSuccess: refresh,
  });
}
