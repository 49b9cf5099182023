// Staff on reports: the queue by status and site, a report with the reported content and the history between the
// two members, and handling it once (dismiss, or act: optionally ban the member and reject the photo), audited.
import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { AdminReportDetail, BanReason, PhotoRejectReason, ReportStatus } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { blocks, conversations, likes, messages, photos, profiles, reports } from '../../db/schema/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';
import { closeReport } from '../reports/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { reportListSelect, staffMessagePhotoUrl, staffPhotoUrl, toAdminReport } from './admin-rows.ts';
import type { AdminMemberActionsService } from './member-actions.service.ts';
import { type PhotoModeration } from './photo-moderation.ts';
import { DEFAULT_PAGE } from './paging.ts';

/** Messages of the two members' conversation shown with a report. */
const HISTORY_MESSAGES = 20;

export function createAdminReportsService(deps: {
  db: Database;
  cursors: CursorCodec;
  members: Pick<AdminMemberActionsService, 'restrict'>;
  photoModeration: Pick<PhotoModeration, 'rejectPhoto'>;
  now: () => Date;
}) {
  const { db, cursors } = deps;
  const afterId = (kind: string, cursor: string | undefined) =>
    cursor ? (cursors.decode(kind, cursor, 'n')[0] as number) : undefined;
  const { rejectPhoto } = deps.photoModeration;

  return {
    async listReports(query: { status: ReportStatus; site?: number; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = `admin-reports-${query.status}`;
      const after = afterId(kind, query.cursor);
      // Open reports oldest first (a queue); handled ones newest first.
      const isQueue = query.status === 'open';
      const rows = await reportListSelect(db)
        .where(
          and(
            eq(reports.status, query.status),
            query.site ? eq(reports.siteId, query.site) : undefined,
            after !== undefined ? (isQueue ? sql`${reports.id} > ${after}` : lt(reports.id, after)) : undefined,
          ),
        )
        .orderBy(isQueue ? asc(reports.id) : desc(reports.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      return {
        reports: page.map(toAdminReport),
        next_cursor: rows.length > limit ? cursors.encode(kind, [page.at(-1)!.report.id]) : null,
      };
    },

    async reportDetail(reportId: number): Promise<AdminReportDetail> {
      const [row] = await reportListSelect(db).where(eq(reports.id, reportId));
      if (!row) throw notFound();
      const { report } = row;
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, report.reportedProfileId));
      const [photo] = report.photoId ? await db.select().from(photos).where(eq(photos.id, report.photoId)) : [];
      const [message] = report.messageId
        ? await db
            .select({ id: messages.id, body: messages.body, kind: messages.kind })
            .from(messages)
            .where(eq(messages.id, report.messageId))
        : [];
      const a = report.reporterProfileId;
      const b = report.reportedProfileId;
      let history: AdminReportDetail['history'] = { messages: [], likes: [], blocks: [] };
      if (a !== null) {
        const [low, high] = a < b ? [a, b] : [b, a];
        const [conversation] = await db
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.profileLowId, low), eq(conversations.profileHighId, high)));
        const lastMessages = conversation
          ? await db
              .select({
                id: messages.id,
                from: messages.senderProfileId,
                body: messages.body,
                kind: messages.kind,
                createdAt: messages.createdAt,
              })
              .from(messages)
              .where(eq(messages.conversationId, conversation.id))
              .orderBy(desc(messages.seq))
              .limit(HISTORY_MESSAGES)
          : [];
        const pair = (
          from: typeof likes.profileId | typeof blocks.profileId,
          to: typeof likes.targetProfileId | typeof blocks.blockedProfileId,
        ) => or(and(eq(from, a), eq(to, b)), and(eq(from, b), eq(to, a)));
        const likeRows = await db.select().from(likes).where(pair(likes.profileId, likes.targetProfileId));
        const blockRows = await db.select().from(blocks).where(pair(blocks.profileId, blocks.blockedProfileId));
        history = {
          messages: lastMessages.reverse().map((item) => ({
            id: item.id,
            from_profile_id: item.from ?? 0,
            text: item.body ?? (item.kind === 'photo' ? '' : `[${item.kind}]`),
            photo_url: item.kind === 'photo' ? staffMessagePhotoUrl(item.id, 'thumb') : null,
            created_at: item.createdAt.toISOString(),
          })),
          likes: likeRows.map((item) => ({
            from_profile_id: item.profileId,
            to_profile_id: item.targetProfileId,
            created_at: item.createdAt.toISOString(),
          })),
          blocks: blockRows.map((item) => ({
            from_profile_id: item.profileId,
            to_profile_id: item.blockedProfileId,
            created_at: item.createdAt.toISOString(),
          })),
        };
      }
      const counts = await db
        .select({ status: reports.status, count: sql<number>`count(*)`.mapWith(Number) })
        .from(reports)
        .where(eq(reports.reportedProfileId, b))
        .groupBy(reports.status);
      return {
        ...toAdminReport(row),
        content: {
          profile: profile
            ? {
                name: profile.name,
                about_me: profile.aboutMe,
                city: profile.city,
                country: profile.country,
                date_of_birth: profile.dateOfBirth,
              }
            : null,
          photo_url: photo
            ? photo.isPrivate
              ? staffPhotoUrl(photo.id, 'full')
              : uploadUrl(row.cdnPrefix, photo.fileKey)
            : null,
          message_text: message?.body ?? null,
          message_photo_url: message?.kind === 'photo' ? staffMessagePhotoUrl(message.id, 'full') : null,
        },
        history,
        reported_counts: Object.fromEntries(counts.map((item) => [item.status, item.count])),
      };
    },

    /** Closes an open report (dismissed, or actioned with an optional ban and photo rejection); once only. */
    async handleReport(
      actor: AuditActor,
      reportId: number,
      input: {
        status: 'dismissed' | 'actioned';
        resolution: string;
        ban?: { reason: BanReason };
        rejectPhoto?: { reason: PhotoRejectReason };
      },
    ) {
      const [before] = await reportListSelect(db).where(eq(reports.id, reportId));
      if (!before) throw notFound();
      if (before.report.status !== 'open') throw new AppError(409, 'report_already_handled');
      if (input.rejectPhoto && !before.report.photoId)
        throw new AppError(400, 'validation_failed', undefined, [{ path: 'reject_photo', code: 'invalid_value' }]);
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
      if (input.rejectPhoto && before.report.photoId)
        await rejectPhoto(actor, before.report.photoId, input.rejectPhoto.reason).catch((error: unknown) => {
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
      const [after] = await reportListSelect(db).where(eq(reports.id, reportId));
      return { report: toAdminReport(after!) };
    },
  };
}
export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
