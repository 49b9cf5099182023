// GET /api/admin/webhooks: useFailedWebhooks (the console's operations).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminWebhookKeys } from './admin-webhook-keys.ts';

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
