// POST /api/admin/traffic/networks (new) or PUT /api/admin/traffic/networks/:id: useSaveNetwork (the console's traffic).
import { useMutation } from '@tanstack/react-query';
import type { adminNetworkInputSchema } from '@app/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshNetworks } from './refresh-networks.ts';

export type NetworkInput = z.output<typeof adminNetworkInputSchema>;

export function useSaveNetwork(id: number | null) {
  const refresh = useRefreshNetworks();
  return useMutation({
    mutationFn: (body: NetworkInput) =>
      id === null
        ? apiRequest('/api/admin/traffic/networks', { method: 'POST', body, response: 'adminNetworkResponseSchema' })
        : apiRequest(`/api/admin/traffic/networks/${id}`, {
            method: 'PUT',
            body,
            response: 'adminNetworkResponseSchema',
          }),
    onSuccess: refresh,
  });
}
