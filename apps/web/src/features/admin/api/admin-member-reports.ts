// GET /api/admin/members/:id/reports: useAdminMemberReports (the console's members).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminMemberKeys } from './admin-member-keys.ts';

export function useAdminMemberReports(id: number, direction: 'received' | 'made') {
  return useInfiniteQuery({
    queryKey: adminMemberKeys.reports(id, direction),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest(`/api/admin/members/${id}/reports`, {
        query: { direction, cursor: pageParam },
        response: 'adminReportsResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
