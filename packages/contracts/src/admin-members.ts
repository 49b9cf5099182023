// The staff console's members (docs/staff-console.md): search, a member's page, photos, orders, ledger and reports,
// and the actions on a member (suspend, ban, unban, credits, logout).
import { z } from 'zod';
import { adminPageQuerySchema, isoDate, nextCursor, noteSchema, reasonSchema } from './admin-parts.ts';
import { queryRowIdSchema } from './members.ts';
import { ORDER_STATUSES } from './payments.ts';
import { BAN_REASONS } from './reports.ts';
// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

export const MEMBER_RESTRICTIONS = ['suspended', 'banned'] as const;
export type MemberRestrictionKind = (typeof MEMBER_RESTRICTIONS)[number];

export const memberRestrictionSchema = z.object({
  kind: z.enum(MEMBER_RESTRICTIONS),
  reason: z.enum(BAN_REASONS),
  /** Suspensions end; bans do not (null). */
  until: isoDate.nullable(),
  note: z.string(),
  staff_id: z.number().int().nullable(),
  created_at: isoDate,
});
export type MemberRestriction = z.infer<typeof memberRestrictionSchema>;

/**
 * GET /api/admin/members: `q` containing `@` is an e-mail prefix; digits (or `#<digits>`) are a user id or a
 * profile id; any other text is a profile name prefix (case-insensitive). `site` narrows to one site.
 * Responses: members/:id/photos -> adminPhotosListResponseSchema, /orders -> adminOrdersResponseSchema,
 * /ledger -> adminLedgerResponseSchema, /reports -> adminReportsResponseSchema.
 */
export const adminMembersQuerySchema = adminPageQuerySchema.extend({
  q: z.string().trim().max(254).optional(),
  site: queryRowIdSchema.optional(),
});
export const adminMemberSummarySchema = z.object({
  /** The account (users.id). */
  id: z.number().int(),
  profile_id: z.number().int().nullable(),
  site_id: z.number().int(),
  site_domain: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.string(),
  restriction: memberRestrictionSchema.nullable(),
  created_at: isoDate,
});
export type AdminMemberSummary = z.infer<typeof adminMemberSummarySchema>;
export const adminMembersResponseSchema = z.object({
  members: z.array(adminMemberSummarySchema),
  next_cursor: nextCursor,
});

export const adminSessionSchema = z.object({
  id: z.number().int(),
  created_at: isoDate,
  last_seen_at: isoDate,
  expires_at: isoDate,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export const adminMemberDetailSchema = adminMemberSummarySchema.extend({
  language: z.string(),
  paid_user: z.boolean(),
  activated_at: isoDate.nullable(),
  balance: z.number().int(),
  profile: z
    .object({
      gender: z.string().nullable(),
      date_of_birth: z.string().nullable(),
      country: z.string().nullable(),
      region: z.string().nullable(),
      city: z.string().nullable(),
      about_me: z.string().nullable(),
      status: z.string(),
      is_invisible: z.boolean(),
      is_fictional: z.boolean(),
      main_photo_url: z.string().nullable(),
    })
    .nullable(),
  sessions: z.array(adminSessionSchema),
  /** Counts for the tabs. */
  reports_received: z.number().int(),
  reports_made: z.number().int(),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetailSchema>;
export const adminMemberResponseSchema = z.object({ member: adminMemberDetailSchema });

export const PHOTO_REVIEW_STATUSES = ['new', 'approved', 'rejected'] as const;
export const PHOTO_REJECT_REASONS = [
  'not_a_person',
  'nudity',
  'someone_else',
  'low_quality',
  'contact_details',
  'minor',
  'other',
] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];

/** What the image classifier made of a photo (docs/safety.md); null while it is not screened yet. */
export const adminScreeningSchema = z.object({
  /** `failed`: the classifier could not score it (manual review). */
  status: z.enum(['scored', 'failed']),
  /** The explicit score (porn + hentai), 0..1. */
  score: z.number().nullable(),
  is_explicit: z.boolean(),
  /** Each label's probability: drawing, hentai, neutral, porn, sexy. */
  labels: z.record(z.string(), z.number()),
});
export type AdminScreening = z.infer<typeof adminScreeningSchema>;

export const adminPhotoSchema = z.object({
  id: z.number().int(),
  profile_id: z.number().int(),
  user_id: z.number().int().nullable(),
  profile_name: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  is_private: z.boolean(),
  is_main: z.boolean(),
  review: z.enum(PHOTO_REVIEW_STATUSES),
  reject_reason: z.enum(PHOTO_REJECT_REASONS).nullable(),
  /** Open reports naming this photo. */
  open_reports: z.number().int(),
  screening: adminScreeningSchema.nullable(),
  created_at: isoDate,
});
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;
export const adminPhotosListResponseSchema = z.object({ photos: z.array(adminPhotoSchema), next_cursor: nextCursor });

export const adminOrderSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  user_id: z.number().int().nullable(),
  email: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  credits: z.number().int(),
  currency: z.string(),
  amount_minor: z.number().int(),
  base_amount_minor: z.number().int(),
  discount_code: z.string().nullable(),
  discount_percentage: z.number().int(),
  method: z.string(),
  country: z.string(),
  provider: z.string(),
  provider_payment_id: z.string().nullable(),
  /** The provider's own state of the payment when asked (GET /api/admin/orders/:id only; null in lists or when unreachable). */
  provider_status: z.string().nullable(),
  created_at: isoDate,
  paid_at: isoDate.nullable(),
  refunded_credits: z.number().int(),
  refunded_minor: z.number().int(),
  refunded_at: isoDate.nullable(),
  provider_refund_id: z.string().nullable(),
  /**
   * What a refund would give back now (GET /api/admin/orders/:id of a paid, unrefunded order; null otherwise): the
   * order's unused credits, taken from the member's balance, and that share of its price in minor units.
   */
  refund_preview: z.object({ credits: z.number().int(), amount_minor: z.number().int() }).nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrdersResponseSchema = z.object({ orders: z.array(adminOrderSchema), next_cursor: nextCursor });
export const adminOrderResponseSchema = z.object({ order: adminOrderSchema });

export const adminLedgerEntrySchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  created_at: isoDate,
});
export const adminLedgerResponseSchema = z.object({
  entries: z.array(adminLedgerEntrySchema),
  balance: z.number().int(),
  next_cursor: nextCursor,
});

export const adminMemberReportsQuerySchema = adminPageQuerySchema.extend({
  direction: z.enum(['received', 'made']).default('received'),
});

export const adminSuspendRequestSchema = z.object({
  reason: reasonSchema(BAN_REASONS),
  /** ISO date-time in the future (at most a year ahead). */
  until: z.string().datetime({ offset: true }),
  note: noteSchema.optional(),
});
export const adminBanRequestSchema = z.object({ reason: reasonSchema(BAN_REASONS), note: noteSchema.optional() });
export const adminUnbanRequestSchema = z.object({ note: noteSchema.optional() });
export const adminRestrictionResponseSchema = z.object({
  restriction: memberRestrictionSchema.nullable(),
  sessions_revoked: z.number().int(),
});

/** Credit adjustments go through the ledger (reason `staff_adjustment`); `note` says why and is required. */
export const adminCreditsRequestSchema = z.object({
  amount: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((value) => value !== 0, 'invalid_value'),
  note: z.string().trim().min(3).max(500),
});
export const adminCreditsResponseSchema = z.object({ balance: z.number().int() });
export const adminLogoutMemberResponseSchema = z.object({ sessions_revoked: z.number().int() });
