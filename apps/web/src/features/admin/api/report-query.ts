// The traffic report's filter as the query of GET /api/admin/traffic/report (JSON and CSV alike).
import type { TrafficReportFilter } from './traffic-report-filter.ts';

export const reportQuery = (filter: TrafficReportFilter) => ({
  // Empty: the server's default period.
  from: filter.from || undefined,
  to: filter.to || undefined,
  by: filter.by,
  site: filter.site ?? undefined,
});
