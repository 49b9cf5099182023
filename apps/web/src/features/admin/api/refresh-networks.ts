// After a network change: refreshes the networks and the postback log (which names them).
import { useQueryClient } from '@tanstack/react-query';
import { adminTrafficKeys } from './admin-traffic-keys.ts';

export function useRefreshNetworks() {
  const queryClient = useQueryClient();
  return () =>
    queryClient
      .invalidateQueries({ queryKey: adminTrafficKeys.networks() })
      .then(() => queryClient.invalidateQueries({ queryKey: adminTrafficKeys.postbacks() }));
}
