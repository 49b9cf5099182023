// GET /api/admin/verifications: useAdminVerifications (the console's verifications).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminVerificationKeys } from './admin-verification-keys.ts';

export function useAdminVerifications() {
  return useInfiniteQuery({
    queryKey: adminVerificationKeys.all,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/verifications', {
        query: { cursor: pageParam },
        response: 'adminVerificationsResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
