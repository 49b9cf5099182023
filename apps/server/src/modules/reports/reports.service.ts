// Member reports (docs/reports.md): a member reports a member, one of their photos or one of their messages, with a
// reason; optionally blocking them in the same transaction. Nothing here tells the reported member anything.
import type { ReportRequest } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { BlocksService } from '../blocks/index.ts';
import type { Viewer } from '../member-core/index.ts';
import type { ReportsRepository } from './reports.repository.ts';

export function createReportsService(deps: {
  outbox: Pick<Outbox, 'transaction'>;
  reportsRepository: ReportsRepository;
  blocks: Pick<BlocksService, 'blockInTransaction'>;
}) {
  const repo = deps.reportsRepository;
  return {
    /**
     * Stores the report (and the block). `reported` is a profile the reporter may open on their site (checked by
     * the route). The photo must be the reported member's and one the reporter may see (a private photo only as a
     * premium member, as the photo routes serve it); the message must be the reported member's, in their
     * conversation with the reporter. Anything else is 404, telling nothing about the item.
     */
    async report(
      viewer: Pick<Viewer, 'profileId' | 'siteId' | 'isPremium'>,
      reportedProfileId: number,
      input: ReportRequest,
    ): Promise<{ blocked: boolean }> {
      if (reportedProfileId === viewer.profileId) throw new AppError(400, 'cannot_report_self');
      let photoId: number | null = null;
      let messageId: number | null = null;
      if (input.target === 'photo') {
        const photo = await repo.findPhoto(input.photo!, reportedProfileId);
        if (!photo || (photo.isPrivate && !viewer.isPremium)) throw new AppError(404, 'photo_not_found');
        photoId = photo.id;
      }
      if (input.target === 'message') {
        const message = await repo.findMessage(input.message!, reportedProfileId, viewer.profileId);
        if (!message) throw new AppError(404, 'report_message_not_found');
        messageId = message.id;
      }
      const remarks = input.remarks?.length ? input.remarks : null;
      await deps.outbox.transaction(async (tx, effects) => {
        await repo.insert(
          {
            siteId: viewer.siteId,
            reporterProfileId: viewer.profileId,
            reportedProfileId,
            target: input.target,
            photoId,
            messageId,
            reason: input.reason,
            remarks,
          },
          tx,
        );
        // A risk signal of the reported member (docs/safety.md, "Risk"), counted after the commit.
        await effects.emit('report.created', { reportedProfileId });
        if (input.block) await deps.blocks.blockInTransaction(viewer, reportedProfileId, tx, effects);
      });
      return { blocked: input.block === true };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
