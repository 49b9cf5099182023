// Member reports (issue 14): report a member, a photo or a message, with a translated reason; optionally block.
import { z } from 'zod';
import { rowIdSchema } from './members.ts';

export const REPORT_TARGETS = ['profile', 'photo', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = [
  'fake_profile',
  'inappropriate_photo',
  'harassment',
  'scam_spam',
  'underage',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_REMARKS_MAX_LENGTH = 1000;

/**
 * POST /api/report.php: `profile` is the reported member's profile id; `photo` / `message` name the reported photo
 * or message (which must be that member's and visible to the reporter). `remarks` is required for `other`.
 * `block: true` also blocks the member in the same step.
 */
export const reportRequestSchema = z
  .object({
    profile: rowIdSchema,
    target: z.enum(REPORT_TARGETS),
    photo: rowIdSchema.optional(),
    message: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    reason: z.enum(REPORT_REASONS),
    remarks: z.string().trim().max(REPORT_REMARKS_MAX_LENGTH, 'remarks_too_long').optional(),
    block: z.boolean().optional(),
  })
  .strict()
  .refine((value) => value.target !== 'photo' || value.photo !== undefined, {
    path: ['photo'],
    message: 'invalid_value',
  })
  .refine((value) => value.target !== 'message' || value.message !== undefined, {
    path: ['message'],
    message: 'invalid_value',
  })
  .refine((value) => value.reason !== 'other' || (value.remarks ?? '').length > 0, {
    path: ['remarks'],
    message: 'remarks_required',
  });
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportResponseSchema = z.object({ success: z.literal(true), blocked: z.boolean() });
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** Why a banned member may not log in (shown on /pages/ban?reason=<category>; a category only, no personal data). */
export const BAN_REASONS = [
  'fake_profile',
  'harassment',
  'scam_spam',
  'underage',
  'inappropriate_content',
  'payment_fraud',
  'terms_violation',
] as const;
export type BanReason = (typeof BAN_REASONS)[number];

/** Error codes of POST /api/report.php (i18n keys in the `errors` namespace). */
export const REPORT_ERROR_CODES = ['cannot_report_self', 'report_message_not_found'] as const;
export type ReportErrorCode = (typeof REPORT_ERROR_CODES)[number];
