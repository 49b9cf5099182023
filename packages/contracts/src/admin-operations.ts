// The staff console's operations (docs/staff-console.md): tickets, payments and webhooks, sites with their bundles
// and discount codes, and the audit log.
import { z } from 'zod';
import { adminPageQuerySchema, isoDate, nextCursor } from './admin-parts.ts';
import { queryRowIdSchema, rowIdSchema } from './members.ts';
import { ORDER_STATUSES } from './payments.ts';
import { siteSettingsShape } from './site-settings.ts';
import { TICKET_KINDS, TICKET_STATUSES } from './tickets.ts';
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
