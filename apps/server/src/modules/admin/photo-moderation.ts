// A photo's rejection, shared by the reports and the photo queue: removed through the photos service, audited, and
// the member mailed the reason in their language. The photo and its owner are read through photos' staff reads.
import type { PhotoRejectReason } from '@app/contracts';
import { isUiLanguage } from '@app/i18n';
import type { Database } from '../../db/client.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import { findPhotoWithOwner, type PhotosService } from '../photos/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { sendMemberMail } from './mails.ts';

type RejectedPhoto = NonNullable<Awaited<ReturnType<typeof findPhotoWithOwner>>>;

export function createPhotoModeration(deps: {
  db: Database;
  photos: Pick<PhotosService, 'remove'>;
  mailer: Pick<Mailer, 'sendRendered'>;
}) {
  const { db } = deps;

  /** The audit entry and the member's mail of a rejection, in one transaction. */
  async function recordRejection(
    actor: AuditActor,
    row: RejectedPhoto,
    input: { reason: PhotoRejectReason; note?: string },
  ) {
    await db.transaction(async (tx) => {
      await recordAudit(tx, actor, {
        action: 'photo.reject',
        targetType: 'photo',
        targetId: row.photo.id,
        before: {
          profile_id: row.photo.profileId,
          file_key: row.photo.fileKey,
          is_main: row.photo.isMain,
          is_private: row.photo.isPrivate,
        },
        after: { reason: input.reason, note: input.note ?? '' },
      });
      if (!row.email) return;
      const language = row.language ?? 'en';
      await sendMemberMail(
        deps.mailer,
        {
          to: row.email,
          language,
          name: row.profileName,
          site: row.site,
          template: 'photoRejected',
          params: { reason: reasonText(language, input.reason) },
        },
        tx,
      );
    });
  }

  async function rejectPhoto(actor: AuditActor, photoId: number, reason: PhotoRejectReason, note?: string) {
    const row = await findPhotoWithOwner(db, photoId);
    if (!row) throw notFound();
    // The photo goes through the photos service: files removed after commit, the next main photo promoted.
    await deps.photos.remove({ userId: row.userId ?? 0, profileId: row.photo.profileId }, photoId);
    await recordRejection(actor, row, { reason, note });
  }

  return { rejectPhoto };
}
export type PhotoModeration = ReturnType<typeof createPhotoModeration>;

function reasonText(language: string, reason: PhotoRejectReason): string {
  return getTranslator(isUiLanguage(language) ? language : 'en')(`moderation:photoRejectReasons.${reason}`);
}
