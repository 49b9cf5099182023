// GET /api/admin/traffic/report: useTrafficReport (the console's traffic).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TrafficReportFilter } from './traffic-report-filter.ts';
import { adminTrafficKeys } from './admin-traffic-keys.ts';
import { reportQuery } from './report-query.ts';

export function useTrafficReport(filter: TrafficReportFilter, isEnabled: boolean) {
  return useQuery({
    queryKey: adminTrafficKeys.report(filter),
    queryFn: () =>
      apiRequest('/api/admin/traffic/report', {
        query: reportQuery(filter),
        response: 'adminTrafficReportResponseSchema',
      }),
    enabled: isEnabled,
  });
}
