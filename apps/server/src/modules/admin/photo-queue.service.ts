// Staff on photos: the new and reported queues, approve (audited) or reject, and the stored files of photos and
// photo messages for the console.
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { PhotoRejectReason } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { messages, photoReviews, photos, reports } from '../../db/schema/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import { recordPhotoReview } from '../photos/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { toAdminPhoto } from './admin-rows.ts';
import { type PhotoModeration } from './photo-moderation.ts';
import { DEFAULT_PAGE } from './paging.ts';

export function createAdminPhotoQueueService(deps: {
  db: Database;
  cursors: CursorCodec;
  photoModeration: PhotoModeration;
  now: () => Date;
}) {
  const { db, cursors } = deps;
  const afterId = (kind: string, cursor: string | undefined) =>
    cursor ? (cursors.decode(kind, cursor, 'n')[0] as number) : undefined;
  const { photoSelect, openReportCounts, rejectPhoto } = deps.photoModeration;

  return {
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
  };
}
export type AdminPhotoQueueService = ReturnType<typeof createAdminPhotoQueueService>;
