// The audit log (admins): every staff action, newest first, keyset pages.
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export const auditKeys = { all: [...adminKeys.all, 'audit'] as const };

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: auditKeys.all,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/audit', { query: { cursor: pageParam }, response: 'adminAuditResponseSchema' }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
