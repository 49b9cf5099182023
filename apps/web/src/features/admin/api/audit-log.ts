// GET /api/admin/audit: useAuditLog (the console's audit).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditKeys } from './audit-keys.ts';

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: auditKeys.all,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/audit', { query: { cursor: pageParam }, response: 'adminAuditResponseSchema' }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
