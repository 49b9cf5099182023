// GET /api/admin/reports: useAdminReports (the console's reports).
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReportStatus } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminReportKeys } from './admin-report-keys.ts';

export function useAdminReports(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: adminReportKeys.list(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/reports', {
        query: { status, cursor: pageParam },
        response: 'adminReportsResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
