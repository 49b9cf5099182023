// Rows of the console's payloads: orders, photos, reports (one shape wherever they appear), from their owners' staff
// reads.
import {
  FACE_RESEMBLANCE_THRESHOLD,
  type AdminOrder,
  type AdminPhoto,
  type AdminReport,
  type AdminScreening,
  type AdminVerification,
} from '@app/contracts';
import type { FaceCheck, OrderRow, PhotoRow } from '../../db/schema/index.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';
import { orderStatusOf } from '../payments/index.ts';
import type { StaffPhotoRow } from '../photos/index.ts';
import type { StaffReportRow } from '../reports/index.ts';

export function toAdminOrder(
  row: OrderRow,
  email: string | null,
  providerStatus: string | null,
  refundPreview: AdminOrder['refund_preview'] = null,
): AdminOrder {
  return {
    id: row.id,
    site_id: row.siteId,
    user_id: row.userId,
    email,
    status: orderStatusOf(row),
    credits: row.credits,
    currency: row.currency,
    amount_minor: row.amountMinor,
    base_amount_minor: row.baseAmountMinor,
    discount_code: row.discountCode,
    discount_percentage: row.discountPercentage,
    method: row.method,
    country: row.country,
    provider: row.provider,
    provider_payment_id: row.providerPaymentId,
    provider_status: providerStatus,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    refunded_credits: row.refundedCredits,
    refunded_minor: row.refundedMinor,
    refunded_at: row.refundedAt?.toISOString() ?? null,
    provider_refund_id: row.providerRefundId,
    refund_preview: refundPreview,
  };
}

export const staffPhotoUrl = (photoId: number, size: 'full' | 'thumb') =>
  `/api/admin/photos/${photoId}/file${size === 'thumb' ? '?size=thumb' : ''}`;

/** A chat photo for staff (a report on a photo message): never the members' signed URL. */
export const staffMessagePhotoUrl = (messageId: number, size: 'full' | 'thumb') =>
  `/api/admin/messages/${messageId}/photo${size === 'thumb' ? '?size=thumb' : ''}`;

/** A photo's file for staff: public ones where /uploads serves them, private ones through the console's own route. */
export const staffPhotoFileUrl = (photo: PhotoRow, cdnPrefix: string, size: 'full' | 'thumb') =>
  photo.isPrivate
    ? staffPhotoUrl(photo.id, size)
    : uploadUrl(cdnPrefix, size === 'thumb' ? photo.thumbKey : photo.fileKey);

/** A photo's screening as staff see it (docs/safety.md). */
export function toAdminScreening(
  screening: {
    status: 'scored' | 'failed';
    score: number | null;
    isExplicit: boolean;
    labels: Record<string, number>;
  } | null,
): AdminScreening | null {
  if (!screening?.status) return null;
  return {
    status: screening.status,
    score: screening.score,
    is_explicit: screening.isExplicit,
    labels: screening.labels,
  };
}

/** How a selfie's face compared with the profile photos (docs/safety.md); null while it is not screened yet. */
export function toAdminFace(
  screening: { faceCheck: FaceCheck | null; faceSimilarity: number | null } | null,
): AdminVerification['face'] {
  if (!screening?.faceCheck) return null;
  const similarity = screening.faceSimilarity;
  return {
    check: screening.faceCheck,
    similarity,
    resembles: similarity === null ? null : similarity >= FACE_RESEMBLANCE_THRESHOLD,
  };
}

export function toAdminPhoto(row: StaffPhotoRow, openReports: number): AdminPhoto {
  return {
    id: row.photo.id,
    profile_id: row.photo.profileId,
    user_id: row.userId,
    profile_name: row.name,
    // Private photos never sit where /uploads serves: staff see them through the console's own file route.
    url: staffPhotoFileUrl(row.photo, row.cdnPrefix, 'full'),
    thumb_url: staffPhotoFileUrl(row.photo, row.cdnPrefix, 'thumb'),
    is_private: row.photo.isPrivate,
    is_main: row.photo.isMain,
    review: row.reviewed ? 'approved' : 'new',
    reject_reason: null,
    open_reports: openReports,
    screening: toAdminScreening(row.screening),
    created_at: row.photo.createdAt.toISOString(),
  };
}

export function toAdminReport(row: StaffReportRow): AdminReport {
  const { report } = row;
  return {
    id: report.id,
    site_id: report.siteId,
    target: report.target,
    reason: report.reason,
    remarks: report.remarks,
    status: report.status,
    reporter: {
      profile_id: report.reporterProfileId,
      user_id: row.reporterUserId,
      name: row.reporterName,
      main_photo_url: row.reporterPhoto ? uploadUrl(row.cdnPrefix, row.reporterPhoto) : null,
    },
    reported: {
      profile_id: report.reportedProfileId,
      user_id: row.reportedUserId,
      name: row.reportedName,
      main_photo_url: row.reportedPhoto ? uploadUrl(row.cdnPrefix, row.reportedPhoto) : null,
    },
    photo_id: report.photoId,
    message_id: report.messageId,
    handled_by_staff_id: report.handledByStaffId,
    handled_at: report.handledAt?.toISOString() ?? null,
    resolution: report.resolution,
    created_at: report.createdAt.toISOString(),
  };
}
