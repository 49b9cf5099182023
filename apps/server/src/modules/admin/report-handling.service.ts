// Staff handling a report once: dismissed, or actioned with an optional ban of the reported member and rejection of
// the reported photo; the report is closed through modules/reports, audited in the same transaction.
import type { BanReason, PhotoRejectReason } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import { closeReport, findStaffReport } from '../reports/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { toAdminReport } from './admin-rows.ts';
import type { AdminMemberActionsService } from './member-actions.service.ts';
import { type PhotoModeration } from './photo-moderation.ts';

export type ReportHandling = {
  status: 'dismissed' | 'actioned';
  resolution: string;
  ban?: { reason: BanReason };
  rejectPhoto?: { reason: PhotoRejectReason };
};

export function createReportHandlingService(deps: {
  db: Database;
  members: Pick<AdminMemberActionsService, 'restrict'>;
  photoModeration: Pick<PhotoModeration, 'rejectPhoto'>;
  now: () => Date;
}) {
  const { db } = deps;

  /** Closes the report and records the audit entry; refused when another staff member closed it first. */
  async function closeAudited(actor: AuditActor, reportId: number, input: ReportHandling) {
    await db.transaction(async (tx) => {
      const updated = await closeReport(tx, reportId, {
        status: input.status,
        staffId: actor.id,
        handledAt: deps.now(),
        resolution: input.resolution,
      });
      if (!updated) throw new AppError(409, 'report_already_handled');
      await recordAudit(tx, actor, {
        action: input.status === 'dismissed' ? 'report.dismiss' : 'report.action',
        targetType: 'report',
        targetId: reportId,
        before: { status: 'open' },
        after: {
          status: input.status,
          resolution: input.resolution,
          ban: input.ban ?? null,
          reject_photo: input.rejectPhoto ?? null,
        },
      });
    });
  }

  return {
    /** Closes an open report (dismissed, or actioned with an optional ban and photo rejection); once only. */
    async handleReport(actor: AuditActor, reportId: number, input: ReportHandling) {
      const before = await findStaffReport(db, reportId);
      if (!before) throw notFound();
      if (before.report.status !== 'open') throw new AppError(409, 'report_already_handled');
      if (input.rejectPhoto && !before.report.photoId)
        throw new AppError(400, 'validation_failed', undefined, [{ path: 'reject_photo', code: 'invalid_value' }]);
      await closeAudited(actor, reportId, input);
      if (input.rejectPhoto && before.report.photoId)
        await deps.photoModeration
          .rejectPhoto(actor, before.report.photoId, input.rejectPhoto.reason)
          .catch((error: unknown) => {
            if (!(error instanceof AppError && error.statusCode === 404)) throw error;
          });
      if (input.ban && before.reportedUserId) {
        await deps.members
          .restrict(actor, before.reportedUserId, {
            kind: 'banned',
            reason: input.ban.reason,
            note: `report #${reportId}: ${input.resolution}`,
          })
          .catch((error: unknown) => {
            if (!(error instanceof AppError && error.code === 'member_already_banned')) throw error;
          });
      }
      const after = await findStaffReport(db, reportId);
      return { report: toAdminReport(after!) };
    },
  };
}
