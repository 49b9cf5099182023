// The query keys of the console's reports (all under adminKeys.all, so a logout forgets them).
import type { ReportStatus } from '@app/contracts';
import { adminKeys } from './admin-keys.ts';

export const adminReportKeys = {
  all: [...adminKeys.all, 'reports'] as const,
  list: (status: ReportStatus) => [...adminReportKeys.all, 'list', status] as const,
  detail: (id: number) => [...adminReportKeys.all, 'detail', id] as const,
};
