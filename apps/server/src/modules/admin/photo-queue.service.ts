// Staff on photos: the new and reported queues, approve (audited) or reject, and the stored files of photos and
// photo messages for the console. Photos are read through photos' staff reads, their open reports through reports'.
import type { PhotoRejectReason } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import { findMessagePhotoKeys } from '../chats/index.ts';
import {
  findPhotoRow,
  findStaffPhoto,
  listStaffPhotoQueue,
  recordPhotoReview,
  type PhotoSafety,
} from '../photos/index.ts';
import { countOpenReportsOfPhotos } from '../reports/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { toAdminPhoto } from './admin-rows.ts';
import { type PhotoModeration } from './photo-moderation.ts';
import { DEFAULT_PAGE } from './paging.ts';

export function createAdminPhotoQueueService(deps: {
  db: Database;
  cursors: CursorCodec;
  photoModeration: Pick<PhotoModeration, 'rejectPhoto'>;
  photoSafety: Pick<PhotoSafety, 'release'>;
  now: () => Date;
}) {
  const { db } = deps;

  return {
    /** `new`: photos no staff member approved yet, newest first; `reported`: photos named by open reports. */
    async listPhotos(query: { queue: 'new' | 'reported'; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = `admin-photos-${query.queue}`;
      const [score, id] = query.cursor ? (deps.cursors.decode(kind, query.cursor, 'fn') as [number, number]) : [];
      const after = score !== undefined && id !== undefined ? { score, id } : undefined;
      const rows = await listStaffPhotoQueue(db, { queue: query.queue, after, limit });
      const page = rows.slice(0, limit);
      const counts = await countOpenReportsOfPhotos(
        db,
        page.map((row) => row.photo.id),
      );
      return {
        photos: page.map((row) => toAdminPhoto(row, counts.get(row.photo.id) ?? 0)),
        next_cursor:
          rows.length > limit
            ? deps.cursors.encode(kind, [rows[limit - 1]!.queueScore, rows[limit - 1]!.photo.id])
            : null,
      };
    },

    /** The stored photo row (any photo, private ones included) for the console's file route. */
    async photoFile(photoId: number) {
      const row = await findPhotoRow(db, photoId);
      if (!row) throw notFound();
      return row;
    },

    /** A photo message's storage keys, for staff reviewing a report. */
    async messagePhotoFile(messageId: number) {
      const keys = await findMessagePhotoKeys(db, messageId);
      if (!keys) throw notFound();
      return keys;
    },

    async approvePhoto(actor: AuditActor, photoId: number) {
      const row = await findStaffPhoto(db, photoId);
      if (!row) throw notFound();
      if (row.reviewed) throw new AppError(409, 'photo_already_reviewed');
      // A photo held for review (docs/safety.md) is public again, with the review and its audit.
      await deps.photoSafety.release(photoId, async (tx) => {
        await recordPhotoReview(tx, { photoId, staffId: actor.id, reviewedAt: deps.now() });
        await recordAudit(tx, actor, {
          action: 'photo.approve',
          targetType: 'photo',
          targetId: photoId,
          before: { review: 'new' },
          after: { review: 'approved' },
        });
      });
      const after = await findStaffPhoto(db, photoId);
      const counts = await countOpenReportsOfPhotos(db, [photoId]);
      return { photo: toAdminPhoto(after!, counts.get(photoId) ?? 0) };
    },

    async rejectPhoto(actor: AuditActor, photoId: number, reason: PhotoRejectReason, note?: string) {
      await deps.photoModeration.rejectPhoto(actor, photoId, reason, note);
      return { photo: null };
    },
  };
}
export type AdminPhotoQueueService = ReturnType<typeof createAdminPhotoQueueService>;
