// GET /api/admin/traffic/postbacks: useTrafficPostbacks (the console's traffic).
import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostbackStatus } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminTrafficKeys } from './admin-traffic-keys.ts';

/** Newest first; the next page is the rows before the last one shown (`next_before`). */
export function useTrafficPostbacks(status: PostbackStatus | '', network: number | null) {
  return useInfiniteQuery({
    queryKey: adminTrafficKeys.postbackList(status, network),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/traffic/postbacks', {
        query: { status: status || undefined, network, before: pageParam },
        response: 'adminPostbacksResponseSchema',
      }),
    getNextPageParam: (last) => last.next_before,
  });
}
