// The query keys of the console's traffic (all under adminKeys.all, so a logout forgets them).
import type { PostbackStatus } from '@app/contracts';
import { adminKeys } from './admin-keys.ts';
import type { TrafficReportFilter } from './traffic-report-filter.ts';

/** Everything under `all`; a network change refreshes the networks and the log (which names them). */
export const adminTrafficKeys = {
  all: [...adminKeys.all, 'traffic'] as const,
  report: (filter: TrafficReportFilter) => [...adminTrafficKeys.all, 'report', filter] as const,
  networks: () => [...adminTrafficKeys.all, 'networks'] as const,
  postbacks: () => [...adminTrafficKeys.all, 'postbacks'] as const,
  postbackList: (status: PostbackStatus | '', network: number | null) =>
    [...adminTrafficKeys.postbacks(), status, network] as const,
  experiments: () => [...adminTrafficKeys.all, 'experiments'] as const,
};
