// GET /api/admin/traffic/networks: useTrafficNetworks (the console's traffic).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminTrafficKeys } from './admin-traffic-keys.ts';

export function useTrafficNetworks() {
  return useQuery({
    queryKey: adminTrafficKeys.networks(),
    queryFn: () => apiRequest('/api/admin/traffic/networks', { response: 'adminNetworksResponseSchema' }),
  });
}
