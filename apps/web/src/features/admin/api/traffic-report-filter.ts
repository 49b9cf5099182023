// The traffic report's filter: the days, the grouping and the site.
import type { TrafficReportGroup } from '@app/contracts';

export type TrafficReportFilter = { from: string; to: string; by: TrafficReportGroup; site: number | null };
