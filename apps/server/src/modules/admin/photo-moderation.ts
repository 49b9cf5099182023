// Photos as moderation sees them, shared by the reports and the photo queue: the photo row with its review and
// owner, open report counts, and a rejection (removed through the photos service, the member mailed the reason in
// their language, audited).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PhotoRejectReason } from '@app/contracts';
import { isUiLanguage } from '@app/i18n';
import type { Database } from '../../db/client.ts';
import { photoReviews, photos, profiles, reports, sites, users } from '../../db/schema/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import { type PhotosService } from '../photos/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { sendMemberMail } from './mails.ts';

export function createPhotoModeration(deps: {
  db: Database;
  photos: Pick<PhotosService, 'remove'>;
  mailer: Pick<Mailer, 'sendRendered'>;
}) {
  const { db } = deps;

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

  return { photoSelect, openReportCounts, rejectPhoto };
}
export type PhotoModeration = ReturnType<typeof createPhotoModeration>;

function reasonText(language: string, reason: PhotoRejectReason): string {
  return getTranslator(isUiLanguage(language) ? language : 'en')(`moderation:photoRejectReasons.${reason}`);
}
