// The address of GET /api/admin/traffic/report as a CSV download (format=csv), for the report's link.
import { buildUrl } from '../../../lib/api-client.ts';
import type { TrafficReportFilter } from './traffic-report-filter.ts';
import { reportQuery } from './report-query.ts';

/** The same report as a CSV file (the server answers it as a download). */
export const trafficReportCsvUrl = (filter: TrafficReportFilter) =>
  buildUrl('/api/admin/traffic/report', { ...reportQuery(filter), format: 'csv' });
