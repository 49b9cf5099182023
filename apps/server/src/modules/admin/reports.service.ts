// Staff on reports: the queue by status and site, a report with the reported content and the history between the
// two members (report-detail.ts), and handling it once (report-handling.service.ts). Reports are read through
// modules/reports' staff reads.
import type { ReportStatus } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { listStaffReportsPage } from '../reports/index.ts';
import { toAdminReport } from './admin-rows.ts';
import type { AdminMemberActionsService } from './member-actions.service.ts';
import { type PhotoModeration } from './photo-moderation.ts';
import { createPaging, DEFAULT_PAGE } from './paging.ts';
import { loadReportDetail } from './report-detail.ts';
import { createReportHandlingService } from './report-handling.service.ts';

export function createAdminReportsService(deps: {
  db: Database;
  cursors: CursorCodec;
  members: Pick<AdminMemberActionsService, 'restrict'>;
  photoModeration: Pick<PhotoModeration, 'rejectPhoto'>;
  now: () => Date;
}) {
  const { db } = deps;
  const { afterId, nextOf } = createPaging(deps.cursors);

  return {
    /** Open reports oldest first (a queue); handled ones newest first. */
    async listReports(query: { status: ReportStatus; site?: number; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = `admin-reports-${query.status}`;
      const rows = await listStaffReportsPage(db, {
        status: query.status,
        siteId: query.site,
        afterId: afterId(kind, query.cursor),
        limit,
      });
      return {
        reports: rows.slice(0, limit).map(toAdminReport),
        next_cursor: nextOf(rows, limit, kind, (row) => row.report.id),
      };
    },

    reportDetail: (reportId: number) => loadReportDetail(db, reportId),

    handleReport: createReportHandlingService(deps).handleReport,
  };
}
export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
