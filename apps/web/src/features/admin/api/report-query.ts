// The traffic report's filter as the query of GET /api/admin/traffic/report (JSON and CSV alike).
import type { TrafficReportFilter } from './traffic-report-filter.ts';

export const reportQuery = (filter: TrafficReportFilter) => ({
  from: filter.from,
  to: filter.to,
  by: filter.by,
  site: filter.site ?? undefined,
});
