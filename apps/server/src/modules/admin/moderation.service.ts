// Staff moderation: the reports queue (with the reported content and the history between the two members) and the
// photos queue (new and reported photos; approve, or reject with a reason the member is mailed in their language).
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  AdminReportDetail,
  AdminVerification,
  AdminVerificationDecision,
  BanReason,
  PhotoRejectReason,
  ReportStatus,
  VerificationPose,
} from '@app/contracts';
import { isUiLanguage } from '@app/i18n';
import type { Database } from '../../db/client.ts';
import {
  blocks,
  conversations,
  likes,
  messages,
  photoReviews,
  photos,
  profiles,
  reports,
  sites,
  users,
} from '../../db/schema/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';
import { recordPhotoReview, type PhotosService, type VerificationService } from '../photos/index.ts';
import { closeReport } from '../reports/index.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import {
  reportListSelect,
  staffMessagePhotoUrl,
  staffPhotoFileUrl,
  staffPhotoUrl,
  toAdminPhoto,
  toAdminReport,
} from './admin-rows.ts';
import { sendMemberMail } from './mails.ts';
import type { AdminMemberActionsService } from './member-actions.service.ts';
import { DEFAULT_PAGE } from './paging.ts';

/** Messages of the two members' conversation shown with a report. */
const HISTORY_MESSAGES = 20;

export function createAdminModerationService(deps: {
  db: Database;
  cursors: CursorCodec;
  photos: Pick<PhotosService, 'remove'>;
  verification: Pick<VerificationService, 'listPending' | 'pendingSelfieKey' | 'decide'>;
  members: Pick<AdminMemberActionsService, 'restrict'>;
  mailer: Pick<Mailer, 'sendRendered'>;
  now: () => Date;
}) {
  const { db, cursors } = deps;
  const afterId = (kind: string, cursor: string | undefined) =>
    cursor ? (cursors.decode(kind, cursor, 'n')[0] as number) : undefined;

  const photoSelect = () =>
    db
      .select({
        photo: photos,
        reviewed: photoReviews.photoId,
        name: profiles.name,
        userId: profiles.userId,
        cdnPrefix: sites.cdnPrefix,
      })
      .from(photos)
      .innerJoin(profiles, eq(profiles.id, photos.profileId))
      .innerJoin(sites, eq(sites.id, profiles.siteId))
      .leftJoin(photoReviews, eq(photoReviews.photoId, photos.id));

  async function openReportCounts(photoIds: number[]) {
    if (!photoIds.length) return new Map<number, number>();
    const rows = await db
      .select({ photoId: reports.photoId, count: sql<number>`count(*)`.mapWith(Number) })
      .from(reports)
      .where(and(inArray(reports.photoId, photoIds), eq(reports.status, 'open')))
      .groupBy(reports.photoId);
    return new Map(rows.map((row) => [row.photoId!, row.count]));
  }

  async function rejectPhoto(actor: AuditActor, photoId: number, reason: PhotoRejectReason, note?: string) {
    const [row] = await db
      .select({
        photo: photos,
        profileName: profiles.name,
        userId: profiles.userId,
        email: users.email,
        language: users.language,
        site: sites,
      })
      .from(photos)
      .innerJoin(profiles, eq(profiles.id, photos.profileId))
      .innerJoin(sites, eq(sites.id, profiles.siteId))
      .leftJoin(users, eq(users.id, profiles.userId))
      .where(eq(photos.id, photoId));
    if (!row) throw notFound();
    // The photo goes through the photos service: files removed after commit, the next main photo promoted.
    await deps.photos.remove({ userId: row.userId ?? 0, profileId: row.photo.profileId }, photoId);
    await db.transaction(async (tx) => {
      await recordAudit(tx, actor, {
        action: 'photo.reject',
        targetType: 'photo',
        targetId: photoId,
        before: {
          profile_id: row.photo.profileId,
          file_key: row.photo.fileKey,
          is_main: row.photo.isMain,
          is_private: row.photo.isPrivate,
        },
        after: { reason, note: note ?? '' },
      });
      if (row.email) {
        await sendMemberMail(
          deps.mailer,
          {
            to: row.email,
            language: row.language ?? 'en',
            name: row.profileName,
            site: row.site,
            template: 'photoRejected',
            params: { reason: reasonText(row.language ?? 'en', reason) },
          },
          tx,
        );
      }
    });
  }

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

    /** `new`: photos no staff member approved yet, newest first; `reported`: photos named by open reports. */
    async listPhotos(query: { queue: 'new' | 'reported'; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = `admin-photos-${query.queue}`;
      const after = afterId(kind, query.cursor);
      const rows =
        query.queue === 'new'
          ? await photoSelect()
              .where(and(isNull(photoReviews.photoId), after !== undefined ? lt(photos.id, after) : undefined))
              .orderBy(desc(photos.id))
              .limit(limit + 1)
          : await photoSelect()
              .where(
                and(
                  inArray(
                    photos.id,
                    db
                      .selectDistinct({ id: reports.photoId })
                      .from(reports)
                      .where(and(eq(reports.status, 'open'), eq(reports.target, 'photo'))),
                  ),
                  after !== undefined ? lt(photos.id, after) : undefined,
                ),
              )
              .orderBy(desc(photos.id))
              .limit(limit + 1);
      const page = rows.slice(0, limit);
      const counts = await openReportCounts(page.map((row) => row.photo.id));
      return {
        photos: page.map((row) => toAdminPhoto(row, counts.get(row.photo.id) ?? 0)),
        next_cursor: rows.length > limit ? cursors.encode(kind, [page.at(-1)!.photo.id]) : null,
      };
    },

    /** The stored photo row (any photo, private ones included) for the console's file route. */
    async photoFile(photoId: number) {
      const [row] = await db.select().from(photos).where(eq(photos.id, photoId));
      if (!row) throw notFound();
      return row;
    },

    /** A photo message's storage keys, for staff reviewing a report. */
    async messagePhotoFile(messageId: number) {
      const [row] = await db
        .select({ fileKey: messages.photoKey, thumbKey: messages.photoThumbKey })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.kind, 'photo')));
      if (!row?.fileKey || !row.thumbKey) throw notFound();
      return { fileKey: row.fileKey, thumbKey: row.thumbKey };
    },

    async approvePhoto(actor: AuditActor, photoId: number) {
      const [row] = await photoSelect().where(eq(photos.id, photoId));
      if (!row) throw notFound();
      if (row.reviewed) throw new AppError(409, 'photo_already_reviewed');
      await db.transaction(async (tx) => {
        await recordPhotoReview(tx, { photoId, staffId: actor.id, reviewedAt: deps.now() });
        await recordAudit(tx, actor, {
          action: 'photo.approve',
          targetType: 'photo',
          targetId: photoId,
          before: { review: 'new' },
          after: { review: 'approved' },
        });
      });
      const [after] = await photoSelect().where(eq(photos.id, photoId));
      return { photo: toAdminPhoto(after!, (await openReportCounts([photoId])).get(photoId) ?? 0) };
    },

    async rejectPhoto(actor: AuditActor, photoId: number, reason: PhotoRejectReason, note?: string) {
      await rejectPhoto(actor, photoId, reason, note);
      return { photo: null };
    },

    /**
     * Verification selfies waiting for a decision, oldest first, each beside the member's profile photos (one query
     * for the page's photos, main first). The selfie and private photos come through the console's file routes.
     */
    async listVerifications(query: { cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = 'admin-verifications';
      const [submittedMs, afterId] = query.cursor ? (cursors.decode(kind, query.cursor, 'nn') as number[]) : [];
      const after =
        submittedMs !== undefined && afterId !== undefined ? { submittedAt: new Date(submittedMs), id: afterId } : null;
      const rows = await deps.verification.listPending(after, limit + 1);
      const page = rows.slice(0, limit);
      const profileIds = [...new Set(page.map((row) => row.verification.profileId))];
      const photoRows = profileIds.length
        ? await db
            .select({ photo: photos, cdnPrefix: sites.cdnPrefix })
            .from(photos)
            .innerJoin(profiles, eq(profiles.id, photos.profileId))
            .innerJoin(sites, eq(sites.id, profiles.siteId))
            .where(inArray(photos.profileId, profileIds))
            .orderBy(desc(photos.isMain), asc(photos.id))
        : [];
      const photoUrls = new Map<number, string[]>();
      for (const { photo, cdnPrefix } of photoRows) {
        const urls = photoUrls.get(photo.profileId) ?? [];
        urls.push(staffPhotoFileUrl(photo, cdnPrefix, 'thumb'));
        photoUrls.set(photo.profileId, urls);
      }
      const last = page.at(-1);
      return {
        verifications: page.map(({ verification, name }): AdminVerification => ({
          id: verification.id,
          profile_id: verification.profileId,
          profile_name: name,
          pose: verification.pose as VerificationPose,
          submitted_at: verification.submittedAt!.toISOString(),
          selfie_url: `/api/admin/verifications/${verification.id}/selfie`,
          photo_urls: photoUrls.get(verification.profileId) ?? [],
        })),
        next_cursor:
          rows.length > limit && last
            ? cursors.encode(kind, [last.verification.submittedAt!.getTime(), last.verification.id])
            : null,
      };
    },

    /** The storage key of a selfie waiting for a decision (gone once decided). */
    verificationSelfieKey: (id: number) => deps.verification.pendingSelfieKey(id),

    /** Approve (the member gets the badge) or reject with a reason; the selfie is deleted either way, audited. */
    async decideVerification(actor: AuditActor, id: number, decision: AdminVerificationDecision) {
      await deps.verification.decide(id, decision, actor.id, (tx, before) =>
        recordAudit(tx, actor, {
          action: `verification.${decision.decision}`,
          targetType: 'profile',
          targetId: before.profileId,
          before: { verification_id: before.id, pose: before.pose, submitted_at: before.submittedAt },
          after: { reason: decision.decision === 'reject' ? decision.reason : null },
        }),
      );
      return { success: true as const };
    },
  };
}

function reasonText(language: string, reason: PhotoRejectReason): string {
  return getTranslator(isUiLanguage(language) ? language : 'en')(`moderation:photoRejectReasons.${reason}`);
}
export type AdminModerationService = ReturnType<typeof createAdminModerationService>;
