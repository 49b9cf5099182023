// The staff console's API (docs/staff-console.md): the one table of which staff roles may call each /api/admin/ route,
// the shared parts, login and the dashboard; the areas' schemas are in admin-members.ts, admin-moderation.ts and
// admin-operations.ts. Stable: new fields and routes are added, never changed.
import { z } from 'zod';
import { staffSchema, type StaffRole } from './admin-parts.ts';
import { queryRowIdSchema } from './members.ts';
// ---------------------------------------------------------------------------------------------
// Roles and the authorization table
// ---------------------------------------------------------------------------------------------

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
  'GET /api/admin/risk': MODERATION,
  'POST /api/admin/risk/:id/clear': MODERATION,
  'POST /api/admin/risk/:id/warn': MODERATION,
  'POST /api/admin/risk/:id/refuse': MODERATION,

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
  'reason_required',
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

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
export {
  adminEmptyBodySchema,
  adminIdParamsSchema,
  adminPageQuerySchema,
  adminSuccessSchema,
  STAFF_ROLES,
  staffSchema,
} from './admin-parts.ts';
export type { Staff, StaffRole } from './admin-parts.ts';
