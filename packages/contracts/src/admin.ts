// The staff console's API (issue 14, docs/staff-console.md): every /api/admin/ route, its request and response
// schemas, and the one table of which staff roles may call it. Stable: new fields and routes are added, never changed.
import { z } from 'zod';
import { cursorSchema, queryRowIdSchema, rowIdSchema } from './members.ts';
import { ORDER_STATUSES } from './payments.ts';
import { BAN_REASONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from './reports.ts';
import { siteSettingsShape } from './site-settings.ts';
import { TICKET_KINDS, TICKET_STATUSES } from './tickets.ts';

// ---------------------------------------------------------------------------------------------
// Roles and the authorization table
// ---------------------------------------------------------------------------------------------

export const STAFF_ROLES = ['admin', 'moderator', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const ALL: readonly StaffRole[] = ['admin', 'moderator', 'support'];
const MODERATION: readonly StaffRole[] = ['admin', 'moderator'];
const ADMIN: readonly StaffRole[] = ['admin'];

/**
 * Every /api/admin/ route ("METHOD /path" exactly as registered, Fastify `:param` syntax) and the roles that may
 * call it. `null`: no staff session needed (the login). The server refuses to register an admin route missing here,
 * and a test walks the registered routes against this table.
 */
export const ADMIN_ROUTE_ROLES = {
  'POST /api/admin/login': null,
  'POST /api/admin/logout': ALL,
  'GET /api/admin/me': ALL,

  'GET /api/admin/dashboard': ALL,

  'GET /api/admin/members': ALL,
  'GET /api/admin/members/:id': ALL,
  'GET /api/admin/members/:id/photos': ALL,
  'GET /api/admin/members/:id/orders': ALL,
  'GET /api/admin/members/:id/ledger': ALL,
  'GET /api/admin/members/:id/reports': ALL,
  'POST /api/admin/members/:id/suspend': MODERATION,
  'POST /api/admin/members/:id/ban': MODERATION,
  'POST /api/admin/members/:id/unban': MODERATION,
  'POST /api/admin/members/:id/logout': ALL,
  'POST /api/admin/members/:id/credits': ADMIN,

  'GET /api/admin/reports': MODERATION,
  'GET /api/admin/reports/:id': MODERATION,
  'POST /api/admin/reports/:id/dismiss': MODERATION,
  'POST /api/admin/reports/:id/action': MODERATION,

  'GET /api/admin/photos': MODERATION,
  'POST /api/admin/photos/:id/approve': MODERATION,
  'POST /api/admin/photos/:id/reject': MODERATION,
  'GET /api/admin/photos/:id/file': MODERATION,
  'GET /api/admin/messages/:id/photo': MODERATION,
  'GET /api/admin/verifications': MODERATION,
  'GET /api/admin/verifications/:id/selfie': MODERATION,
  'POST /api/admin/verifications/:id': MODERATION,

  'GET /api/admin/tickets': ALL,
  'GET /api/admin/tickets/:id': ALL,
  'POST /api/admin/tickets/:id/reply': ALL,
  'POST /api/admin/tickets/:id/close': ALL,

  'GET /api/admin/orders': ALL,
  'GET /api/admin/orders/:id': ALL,
  'POST /api/admin/orders/:id/refund': ADMIN,
  'GET /api/admin/webhooks': ADMIN,

  'GET /api/admin/sites': ADMIN,
  'POST /api/admin/sites': ADMIN,
  'GET /api/admin/sites/:id': ADMIN,
  'PUT /api/admin/sites/:id': ADMIN,
  'GET /api/admin/sites/:id/bundles': ADMIN,
  'POST /api/admin/sites/:id/bundles': ADMIN,
  'PUT /api/admin/bundles/:id': ADMIN,
  'GET /api/admin/sites/:id/discount-codes': ADMIN,
  'POST /api/admin/sites/:id/discount-codes': ADMIN,
  'PUT /api/admin/discount-codes/:id': ADMIN,

  'GET /api/admin/audit': ADMIN,

  // Paid traffic (docs/traffic.md): everyone reads (support answers affiliates' questions); admins change.
  'GET /api/admin/traffic/networks': ALL,
  'POST /api/admin/traffic/networks': ADMIN,
  'PUT /api/admin/traffic/networks/:id': ADMIN,
  'DELETE /api/admin/traffic/networks/:id': ADMIN,
  'GET /api/admin/traffic/postbacks': ALL,
  'POST /api/admin/traffic/postbacks/:id/resend': ADMIN,
  'GET /api/admin/traffic/report': ALL,
  'GET /api/admin/traffic/experiments': ALL,
  'PUT /api/admin/traffic/experiments/:lander': ADMIN,
} as const satisfies Record<string, readonly StaffRole[] | null>;
export type AdminRouteKey = keyof typeof ADMIN_ROUTE_ROLES;

/** Whether a role may call a route (the web console hides what the role cannot do; the server decides). */
export function staffMay(role: StaffRole, route: AdminRouteKey): boolean {
  const roles = ADMIN_ROUTE_ROLES[route] as readonly StaffRole[] | null;
  return roles === null || roles.includes(role);
}

/** Error codes of the console (i18n keys in the `admin` namespace's `errors` section). */
export const ADMIN_ERROR_CODES = [
  'staff_login_failed',
  'staff_code_invalid',
  'staff_code_replayed',
  'staff_session_required',
  'staff_role_forbidden',
  'member_already_banned',
  'member_not_banned',
  'report_already_handled',
  'photo_already_reviewed',
  'ticket_closed',
  'order_not_refundable',
  'site_domain_taken',
  'discount_code_taken',
  'credits_insufficient',
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Shared parts
// ---------------------------------------------------------------------------------------------

/** `:id` in an admin route's path. */
export const adminIdParamsSchema = z.object({ id: queryRowIdSchema });
/** `?cursor=` of every list; lists answer `next_cursor` (null on the last page). */
export const adminPageQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
const nextCursor = z.string().nullable();
const isoDate = z.string();
const noteSchema = z.string().trim().max(2000);

export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type Staff = z.infer<typeof staffSchema>;

export const adminSuccessSchema = z.object({ success: z.literal(true) });
/** The body of an action that takes none (logout, approve, close, refund): nothing, or `{}`. */
export const adminEmptyBodySchema = z.object({}).nullish();

// ---------------------------------------------------------------------------------------------
// Login (one step: e-mail, password and the authenticator's current code together)
// ---------------------------------------------------------------------------------------------

export const STAFF_TOTP_DIGITS = 6;
export const STAFF_TOTP_PERIOD_SECONDS = 30;
/** Absolute and idle lifetime of a staff session. */
export const STAFF_SESSION_HOURS = 8;
export const STAFF_SESSION_IDLE_MINUTES = 30;

export const staffLoginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email('invalid_value').max(254),
  password: z.string().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'staff_code_invalid'),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequestSchema>;
export const staffResponseSchema = z.object({ staff: staffSchema });
export type StaffResponse = z.infer<typeof staffResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

export const adminDashboardQuerySchema = z.object({ site: queryRowIdSchema.optional() });
export const dashboardDaySchema = z.object({
  /** UTC day, YYYY-MM-DD; the last 30 days, oldest first, every day present (zeros included). */
  day: z.string(),
  signups: z.number().int(),
  activations: z.number().int(),
  purchases: z.number().int(),
  messages: z.number().int(),
  /** Paid order amounts per currency, minor units. */
  revenue: z.record(z.string(), z.number().int()),
});
export const adminDashboardResponseSchema = z.object({ days: z.array(dashboardDaySchema) });
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponseSchema>;

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
  reason: z.enum(BAN_REASONS),
  /** ISO date-time in the future (at most a year ahead). */
  until: z.string().datetime({ offset: true }),
  note: noteSchema.optional(),
});
export const adminBanRequestSchema = z.object({ reason: z.enum(BAN_REASONS), note: noteSchema.optional() });
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

// ---------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------

export const adminReportsQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(REPORT_STATUSES).default('open'),
  site: queryRowIdSchema.optional(),
});
const reportPartySchema = z.object({
  profile_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  name: z.string().nullable(),
  main_photo_url: z.string().nullable(),
});
export const adminReportSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  target: z.enum(REPORT_TARGETS),
  reason: z.enum(REPORT_REASONS),
  remarks: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reporter: reportPartySchema,
  reported: reportPartySchema,
  photo_id: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
  handled_by_staff_id: z.number().int().nullable(),
  handled_at: isoDate.nullable(),
  resolution: z.string().nullable(),
  created_at: isoDate,
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsResponseSchema = z.object({ reports: z.array(adminReportSchema), next_cursor: nextCursor });

export const adminReportDetailSchema = adminReportSchema.extend({
  /** The reported content as it is now (null pieces are gone). */
  content: z.object({
    profile: z
      .object({
        name: z.string(),
        about_me: z.string().nullable(),
        city: z.string().nullable(),
        country: z.string().nullable(),
        date_of_birth: z.string().nullable(),
      })
      .nullable(),
    photo_url: z.string().nullable(),
    message_text: z.string().nullable(),
    /** A reported photo message: its photo, for staff (GET /api/admin/messages/{id}/photo). */
    message_photo_url: z.string().nullable(),
  }),
  /** Between the two members: their conversation's last messages (oldest first), likes and blocks either way. */
  history: z.object({
    messages: z.array(
      z.object({
        id: z.number().int(),
        from_profile_id: z.number().int(),
        text: z.string(),
        /** A photo message's thumbnail, for staff; null for other messages. */
        photo_url: z.string().nullable(),
        created_at: isoDate,
      }),
    ),
    likes: z.array(
      z.object({ from_profile_id: z.number().int(), to_profile_id: z.number().int(), created_at: isoDate }),
    ),
    blocks: z.array(
      z.object({ from_profile_id: z.number().int(), to_profile_id: z.number().int(), created_at: isoDate }),
    ),
  }),
  /** Other reports about the same member (counts by status). */
  reported_counts: z.record(z.string(), z.number().int()),
});
export type AdminReportDetail = z.infer<typeof adminReportDetailSchema>;
export const adminReportResponseSchema = z.object({ report: adminReportDetailSchema });

export const adminReportDismissRequestSchema = z.object({ resolution: z.string().trim().min(1).max(1000) });
export const adminReportActionRequestSchema = z.object({
  resolution: z.string().trim().min(1).max(1000),
  /** Also ban the reported member. */
  ban: z.object({ reason: z.enum(BAN_REASONS) }).optional(),
  /** Also reject the reported photo (target 'photo'). */
  reject_photo: z.object({ reason: z.enum(PHOTO_REJECT_REASONS) }).optional(),
});
export const adminReportActionResponseSchema = z.object({ report: adminReportSchema });

// ---------------------------------------------------------------------------------------------
// Photos queue
// ---------------------------------------------------------------------------------------------

export const adminPhotosQuerySchema = adminPageQuerySchema.extend({
  queue: z.enum(['new', 'reported']).default('new'),
});
/** GET /api/admin/photos/:id/file: the photo's file (private ones too, which members' URLs do not serve to staff). */
export const adminPhotoFileQuerySchema = z.object({ size: z.enum(['full', 'thumb']).optional() });
export const adminPhotoRejectRequestSchema = z.object({
  reason: z.enum(PHOTO_REJECT_REASONS),
  note: noteSchema.optional(),
});
export const adminPhotoResponseSchema = z.object({ photo: adminPhotoSchema.nullable() });

// ---------------------------------------------------------------------------------------------
// Tickets
// ---------------------------------------------------------------------------------------------

export const adminTicketsQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(TICKET_STATUSES).default('open'),
  site: queryRowIdSchema.optional(),
});
export const adminTicketSchema = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  user_id: z.number().int().nullable(),
  email: z.string(),
  language: z.string(),
  subject: z.string(),
  body: z.string(),
  order_id: z.number().int().nullable(),
  status: z.enum(TICKET_STATUSES),
  created_at: isoDate,
});
export type AdminTicket = z.infer<typeof adminTicketSchema>;
export const adminTicketReplySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_name: z.string().nullable(),
  body: z.string(),
  created_at: isoDate,
});
export const adminTicketsResponseSchema = z.object({ tickets: z.array(adminTicketSchema), next_cursor: nextCursor });
export const adminTicketResponseSchema = z.object({
  ticket: adminTicketSchema,
  replies: z.array(adminTicketReplySchema),
});
export const adminTicketReplyRequestSchema = z.object({
  body: z.string().trim().min(2).max(10_000),
  close: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

export const adminOrdersQuerySchema = adminPageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  site: queryRowIdSchema.optional(),
  user: queryRowIdSchema.optional(),
});
export const adminWebhookSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  provider_payment_id: z.string(),
  outcome: z.string(),
  error: z.string().nullable(),
  received_at: isoDate,
});
export const adminWebhooksResponseSchema = z.object({ webhooks: z.array(adminWebhookSchema), next_cursor: nextCursor });

// ---------------------------------------------------------------------------------------------
// Sites, bundles, discount codes
// ---------------------------------------------------------------------------------------------

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'country_invalid');
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'invalid_value');

/** Every Settings field of SPEC section 3 a site stores (geoip_* are per request), validated: the settings table
 * (site-settings.ts) gives each field's check. */
export const adminSiteInputSchema = z
  .object(siteSettingsShape)
  .refine((site) => site.languages.includes(site.domain_language), {
    path: ['domain_language'],
    message: 'invalid_value',
  });
export type AdminSiteInput = z.infer<typeof adminSiteInputSchema>;

export const adminSiteSchema = z.object({
  id: z.number().int(),
  is_default: z.boolean(),
  created_at: isoDate,
  settings: z.record(z.string(), z.unknown()),
});
export type AdminSite = z.infer<typeof adminSiteSchema>;
export const adminSitesResponseSchema = z.object({
  sites: z.array(
    z.object({
      id: z.number().int(),
      domain: z.string(),
      name: z.string(),
      is_default: z.boolean(),
      created_at: isoDate,
    }),
  ),
});
export const adminSiteResponseSchema = z.object({ site: adminSiteSchema });

export const adminBundleInputSchema = z.object({
  currency: currencyCode,
  credits: z.number().int().min(1).max(1_000_000),
  price_minor: z.number().int().min(1).max(100_000_000),
  is_popular: z.boolean().default(false),
  is_active: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(1000).default(0),
});
export const adminBundleSchema = adminBundleInputSchema.extend({ id: z.number().int(), site_id: z.number().int() });
export type AdminBundle = z.infer<typeof adminBundleSchema>;
export const adminBundlesResponseSchema = z.object({ bundles: z.array(adminBundleSchema) });
export const adminBundleResponseSchema = z.object({ bundle: adminBundleSchema });

export const adminDiscountCodeInputSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,64}$/, 'invalid_value'),
  country: countryCode.nullable().default(null),
  user_id: rowIdSchema.nullable().default(null),
  expires_at: z.string().datetime({ offset: true }).nullable().default(null),
  value_percentage: z.number().int().min(1).max(100),
  currency: currencyCode.nullable().default(null),
  minimum_order_minor: z.number().int().min(0).max(100_000_000).default(0),
  validity: z.enum(['once_per_user', 'once', 'unlimited']).default('once_per_user'),
  payment_methods: z.array(z.string().max(50)).max(50).nullable().default(null),
  is_welcome: z.boolean().default(false),
  status: z.enum(['active', 'disabled']).default('active'),
});
export const adminDiscountCodeSchema = adminDiscountCodeInputSchema.extend({
  id: z.number().int(),
  site_id: z.number().int(),
  created_at: isoDate,
});
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;
export const adminDiscountCodesResponseSchema = z.object({ discount_codes: z.array(adminDiscountCodeSchema) });
export const adminDiscountCodeResponseSchema = z.object({ discount_code: adminDiscountCodeSchema });

// ---------------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------------

export const adminAuditQuerySchema = adminPageQuerySchema.extend({
  staff: queryRowIdSchema.optional(),
  /** e.g. `user:12`, `site:3`, `report:9`. */
  target: z
    .string()
    .regex(/^[a-z_]+:\d+$/, 'invalid_value')
    .optional(),
});
export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  staff_email: z.string().nullable(),
  /** e.g. `member.ban`, `site.update`, `order.refund`. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  created_at: isoDate,
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditResponseSchema = z.object({ entries: z.array(adminAuditEntrySchema), next_cursor: nextCursor });
