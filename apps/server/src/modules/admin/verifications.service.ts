// Staff on verification selfies (docs/verification.md): those waiting, oldest first, beside the member's profile
// photos (photos' staff reads); the selfie's file; approve or reject, audited.
import type { AdminVerification, AdminVerificationDecision, VerificationPose } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { listPhotosOfProfiles, type VerificationService } from '../photos/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { listScreeningsOf } from '../safety/index.ts';
import { staffPhotoFileUrl, toAdminFace, toAdminScreening } from './admin-rows.ts';
import { DEFAULT_PAGE } from './paging.ts';

export function createAdminVerificationsService(deps: {
  db: Database;
  cursors: CursorCodec;
  verification: Pick<VerificationService, 'listPending' | 'pendingSelfieKey' | 'decide'>;
}) {
  const { db, cursors } = deps;

  return {
    async listVerifications(query: { cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = 'admin-verifications';
      const [submittedMs, afterId] = query.cursor ? (cursors.decode(kind, query.cursor, 'nn') as number[]) : [];
      const after =
        submittedMs !== undefined && afterId !== undefined ? { submittedAt: new Date(submittedMs), id: afterId } : null;
      const rows = await deps.verification.listPending(after, limit + 1);
      const page = rows.slice(0, limit);
      const profileIds = [...new Set(page.map((row) => row.verification.profileId))];
      const [photoRows, screenings] = await Promise.all([
        listPhotosOfProfiles(db, profileIds),
        listScreeningsOf(
          db,
          'selfie',
          page.map((row) => row.verification.id),
        ),
      ]);
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
          screening: toAdminScreening(screenings.get(verification.id) ?? null),
          face: toAdminFace(screenings.get(verification.id) ?? null),
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
export type AdminVerificationsService = ReturnType<typeof createAdminVerificationsService>;
