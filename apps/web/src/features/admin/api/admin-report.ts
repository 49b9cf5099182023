// GET /api/admin/reports/:id: useAdminReport (the console's reports).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminReportKeys } from './admin-report-keys.ts';

export function useAdminReport(id: number) {
  return useQuery({
    queryKey: adminReportKeys.detail(id),
    queryFn: () => apiRequest(`/api/admin/reports/${id}`, { response: 'adminReportResponseSchema' }),
  });
}
