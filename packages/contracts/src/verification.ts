// Photo verification (docs/verification.md): the site shows a pose, the member uploads a selfie copying it, staff
// compare it with the profile photos and approve or reject. The selfie is never shown to members and is deleted with
// the decision. GET / POST / DELETE /api/verification.php, POST /api/verification-selfie.php (multipart `photo`).
import { z } from 'zod';
import { adminScreeningSchema } from './admin-members.ts';

/** The poses the site asks for, one chosen by the server per attempt; each has a lucide hand icon in the web app. */
export const VERIFICATION_POSES = [
  'open_palm',
  'thumbs_up',
  'point_up',
  'rock_on',
  'fist_chin',
  'hand_on_head',
] as const;
export type VerificationPose = (typeof VERIFICATION_POSES)[number];

/** Where a member's verification stands; `none` before the first attempt. */
export const VERIFICATION_STATES = ['none', 'started', 'pending', 'approved', 'rejected'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const VERIFICATION_REJECT_REASONS = [
  'pose_mismatch',
  'face_not_visible',
  'not_same_person',
  'not_a_photo',
] as const;
export type VerificationRejectReason = (typeof VERIFICATION_REJECT_REASONS)[number];

export const VERIFICATION_ERROR_CODES = [
  'verification_photo_required',
  'verification_not_started',
  'verification_already_verified',
  'verification_pending',
  'verification_not_found',
  'verification_photo_first',
] as const;

export const verificationSchema = z.object({
  state: z.enum(VERIFICATION_STATES),
  /** The pose to copy while `started` (and the one sent while `pending`); null otherwise. */
  pose: z.enum(VERIFICATION_POSES).nullable(),
  /** Why the last attempt was rejected, while `rejected`. */
  reject_reason: z.enum(VERIFICATION_REJECT_REASONS).nullable(),
  /** When the member was verified; null when not. */
  verified_at: z.string().nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;
export const verificationResponseSchema = z.object({ verification: verificationSchema });
export type VerificationResponse = z.infer<typeof verificationResponseSchema>;

/** Staff: one selfie waiting for a decision, beside the member's profile photos. */
/** How a selfie's face compared with the profile photos (docs/safety.md, "Face similarity"). */
export const FACE_CHECKS = ['compared', 'no_face_in_selfie', 'no_face_in_photos', 'unavailable'] as const;
/** From this similarity on a selfie's face resembles the profile photos' (face-api's descriptors within 0.55). */
export const FACE_RESEMBLANCE_THRESHOLD = 0.45;

export const adminVerificationSchema = z.object({
  id: z.number().int(),
  profile_id: z.number().int(),
  profile_name: z.string(),
  pose: z.enum(VERIFICATION_POSES),
  submitted_at: z.string(),
  /** The console's own file route (staff only, never cached). */
  selfie_url: z.string(),
  /** The member's profile photos (thumbnails, main first) to compare with. */
  photo_urls: z.array(z.string()),
  /** What the image classifier made of the selfie (docs/safety.md); null while it is not screened yet. */
  screening: adminScreeningSchema.nullable(),
  /**
   * How the selfie's face compares with the profile photos' (docs/safety.md, "Face similarity"): a similarity 0..1
   * for the moderator (from 0.45 on the faces resemble each other), never a decision; null while not screened yet.
   */
  face: z
    .object({
      check: z.enum(FACE_CHECKS),
      similarity: z.number().nullable(),
      resembles: z.boolean().nullable(),
    })
    .nullable(),
});
export type AdminVerification = z.infer<typeof adminVerificationSchema>;
export const adminVerificationsResponseSchema = z.object({
  verifications: z.array(adminVerificationSchema),
  next_cursor: z.string().nullable(),
});
export type AdminVerificationsResponse = z.infer<typeof adminVerificationsResponseSchema>;

export const adminVerificationDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  // Chosen on purpose: a missing reason is refused with "Choose a reason" (as the console's other reasons).
  z.object({ decision: z.literal('reject'), reason: z.enum(VERIFICATION_REJECT_REASONS, 'reason_required') }),
]);
export type AdminVerificationDecision = z.infer<typeof adminVerificationDecisionSchema>;
/** The body of POST and DELETE /api/verification.php: nothing, or `{}`. */
export const verificationActionBodySchema = z.object({}).strict().nullish();

/** GET /api/admin/verifications: a page of the queue. */
export const adminVerificationsQuerySchema = z.object({
  cursor: z.string().max(200, 'cursor_invalid').optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
