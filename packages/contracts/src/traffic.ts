// Paid traffic (docs/traffic.md): which query keys are click ids and campaign tags (never part of a page's cache key),
// the staff console's networks, postback log, report and lander experiments.
import { z } from 'zod';
import { queryRowIdSchema, rowIdSchema } from './members.ts';
import { moneySchema } from './payments.ts';

/** Click ids of the large ad platforms: the query key is the click's kind. */
export const CLICK_ID_KEYS = [
  'gclid',
  'gbraid',
  'wbraid',
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'click_id',
] as const;
/** UTM tags kept on a visit (other `utm_*` keys are tags too, but not kept). */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
/** SPEC section 3's tracking values, kept on the member. */
export const SOURCE_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** A tracking value longer than this is not a value a network sends: it is ignored, never cut (docs/traffic.md). */
export const TRACKING_VALUE_MAX = 500;

/**
 * Whether a query key is a click id or a campaign tag: recorded with the visit, never part of a page's cache key.
 * `networkKeys` are the keys networks are configured to send (their click id and affiliate keys).
 */
export function isTrackingKey(key: string, networkKeys: ReadonlySet<string> = new Set()): boolean {
  const lower = key.toLowerCase();
  return (
    lower.startsWith('utm_') ||
    (CLICK_ID_KEYS as readonly string[]).includes(lower) ||
    (SOURCE_KEYS as readonly string[]).includes(lower) ||
    networkKeys.has(lower)
  );
}

/** A network's `?network=` value: lower-case letters, digits, `-` and `_`. */
export const NETWORK_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const queryKey = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_][a-z0-9_.-]{0,39}$/, 'invalid_value');

export const TRAFFIC_EVENT_KINDS = ['signup', 'activation', 'purchase', 'refund', 'chargeback'] as const;
export type TrafficEventKind = (typeof TRAFFIC_EVENT_KINDS)[number];
/** The templates a network may have: one per event, the first purchase apart, and one for reversals. */
export const POSTBACK_TEMPLATE_KINDS = ['signup', 'activation', 'first_purchase', 'purchase', 'reversal'] as const;
export type PostbackTemplateKind = (typeof POSTBACK_TEMPLATE_KINDS)[number];
/** What `{event}` says: the template kinds but `reversal`, which is `refund` or `chargeback`. */
export const POSTBACK_EVENTS = ['signup', 'activation', 'first_purchase', 'purchase', 'refund', 'chargeback'] as const;
export type PostbackEvent = (typeof POSTBACK_EVENTS)[number];
export const POSTBACK_PLACEHOLDERS = [
  'click_id',
  'ref',
  'sub1',
  'sub2',
  'sub3',
  'event',
  'order_id',
  'amount',
  'currency',
  'payout',
] as const;

/** The placeholders of a template that are not known ones (`{foo}`), in order of appearance. */
export function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)]
    .map((match) => match[1]!)
    .filter((name) => !(POSTBACK_PLACEHOLDERS as readonly string[]).includes(name));
}

const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'invalid_value');
const fixedPayout = z.object({
  amount_minor: z.number().int().min(0).max(100_000_00),
  currency: currencyCode,
});
/** A share of the purchase in percent, two decimals at most (25.5 = 25.50 %). */
const sharePayout = z.object({ percent: z.number().min(0).max(100).multipleOf(0.01) });

const postbackTemplate = z
  .string()
  .trim()
  .max(2000)
  .url('postback_url_invalid')
  .regex(/^https?:\/\//i, 'postback_url_invalid');

export const adminNetworkInputSchema = z.object({
  key: z.string().trim().toLowerCase().regex(NETWORK_KEY_PATTERN, 'invalid_value'),
  name: z.string().trim().min(1).max(100),
  click_id_param: queryKey.default('click_id'),
  ref_param: queryKey.default('ref'),
  payouts: z
    .object({
      signup: fixedPayout.nullable().optional(),
      activation: fixedPayout.nullable().optional(),
      first_purchase: sharePayout.nullable().optional(),
      purchase: sharePayout.nullable().optional(),
    })
    .default({}),
  postbacks: z.partialRecord(z.enum(POSTBACK_TEMPLATE_KINDS), postbackTemplate.nullable()).default({}),
  signature_header: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,60}$/, 'invalid_value')
    .nullable()
    .default(null),
  /** Write-only: answers say only whether one is set. Omitted on an edit: the current secret stays. */
  signing_secret: z.string().min(16).max(200).nullable().optional(),
});
export type AdminNetworkInput = z.input<typeof adminNetworkInputSchema>;

export const adminNetworkSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  click_id_param: z.string(),
  ref_param: z.string(),
  payouts: z.object({
    signup: fixedPayout.nullable(),
    activation: fixedPayout.nullable(),
    first_purchase: sharePayout.nullable(),
    purchase: sharePayout.nullable(),
  }),
  postbacks: z.partialRecord(z.enum(POSTBACK_TEMPLATE_KINDS), z.string()),
  signature_header: z.string().nullable(),
  has_signing_secret: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminNetwork = z.infer<typeof adminNetworkSchema>;
export const adminNetworksResponseSchema = z.object({ networks: z.array(adminNetworkSchema) });
export const adminNetworkResponseSchema = z.object({ network: adminNetworkSchema });

export const POSTBACK_STATUSES = ['pending', 'sent', 'failed'] as const;
export type PostbackStatus = (typeof POSTBACK_STATUSES)[number];
export const adminPostbacksQuerySchema = z.object({
  status: z.enum(POSTBACK_STATUSES).optional(),
  network: queryRowIdSchema.optional(),
  /** The id of the last row of the previous page (rows come newest first). */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const adminPostbackSchema = z.object({
  id: z.number().int(),
  network_id: z.number().int(),
  network_name: z.string(),
  event: z.enum(POSTBACK_EVENTS),
  order_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  /** The address sent, secrets masked (values of keys such as `token`, `key`, `secret`, `signature`). */
  url: z.string(),
  status: z.enum(POSTBACK_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type AdminPostback = z.infer<typeof adminPostbackSchema>;
export const adminPostbacksResponseSchema = z.object({
  postbacks: z.array(adminPostbackSchema),
  /** `before` for the next page, null on the last. */
  next_before: z.number().int().nullable(),
});
export const adminPostbackResponseSchema = z.object({ postback: adminPostbackSchema });

export const TRAFFIC_REPORT_GROUPS = [
  'site',
  'network',
  'ref',
  'sub1',
  'campaign',
  'lander',
  'variant',
  'member',
] as const;
export type TrafficReportGroup = (typeof TRAFFIC_REPORT_GROUPS)[number];
/** The longest period a report covers, in days. */
export const TRAFFIC_REPORT_MAX_DAYS = 366;
/** The period the report answers without one: this many days up to the sites' today, both ends included. */
export const TRAFFIC_REPORT_DEFAULT_DAYS = 30;
/** A calendar day, YYYY-MM-DD, that exists (not 2026-02-30). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value')
  .refine((value) => {
    const parsed = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === value;
  }, 'invalid_value');
export const adminTrafficReportQuerySchema = z
  .object({
    /** Both or neither: without them the last TRAFFIC_REPORT_DEFAULT_DAYS days of the sites' calendar. */
    from: day.optional(),
    to: day.optional(),
    by: z.enum(TRAFFIC_REPORT_GROUPS).default('network'),
    site: queryRowIdSchema.optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .superRefine((query, context) => {
    if (query.from === undefined || query.to === undefined) {
      if (query.from !== query.to)
        context.addIssue({ code: 'custom', path: [query.from ? 'to' : 'from'], message: 'field_required' });
      return;
    }
    const from = Date.parse(`${query.from}T00:00:00Z`);
    const to = Date.parse(`${query.to}T00:00:00Z`);
    if (Number.isNaN(from)) context.addIssue({ code: 'custom', path: ['from'], message: 'invalid_value' });
    if (Number.isNaN(to)) context.addIssue({ code: 'custom', path: ['to'], message: 'invalid_value' });
    if (!Number.isNaN(from) && !Number.isNaN(to)) {
      if (to < from) context.addIssue({ code: 'custom', path: ['to'], message: 'report_period_invalid' });
      else if ((to - from) / 86_400_000 >= TRAFFIC_REPORT_MAX_DAYS)
        context.addIssue({ code: 'custom', path: ['to'], message: 'report_period_too_long' });
    }
  });
export type AdminTrafficReportQuery = z.input<typeof adminTrafficReportQuerySchema>;

/** The two-proportion test of a lander variant's signups per visitor against the lander's first variant. */
export const variantTestSchema = z.object({
  /** The variant compared against (`lander:variant`). */
  against: z.string(),
  p_value: z.number(),
  is_significant: z.boolean(),
});
export const trafficReportRowSchema = z.object({
  /** The group's value: a site id, a network key, a ref…; '' for visits without one ("direct"). */
  key: z.string(),
  /** A name to show beside the key (a site's or network's name, a member's), when there is one. */
  label: z.string().nullable(),
  visits: z.number().int(),
  visitors: z.number().int(),
  signups: z.number().int(),
  activations: z.number().int(),
  buyers: z.number().int(),
  revenue: z.array(moneySchema),
  refunds: z.array(moneySchema),
  payouts: z.array(moneySchema),
  /** Only when grouped by variant. */
  test: variantTestSchema.nullable().optional(),
});
export type TrafficReportRow = z.infer<typeof trafficReportRowSchema>;
export const trafficReportDaySchema = z.object({
  day: z.string(),
  visits: z.number().int(),
  signups: z.number().int(),
  buyers: z.number().int(),
});
export const adminTrafficReportResponseSchema = z.object({
  /** The period answered (the one asked for, or the default one), YYYY-MM-DD, both ends included. */
  from: z.string(),
  to: z.string(),
  rows: z.array(trafficReportRowSchema),
  /** Every day of the period, oldest first (zeros included), for the chart. */
  days: z.array(trafficReportDaySchema),
});
export type AdminTrafficReportResponse = z.infer<typeof adminTrafficReportResponseSchema>;

/** A lander's variant: which of the lander designs it shows, and its share of new visitors. */
export const landerVariantSchema = z.object({
  key: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{1,12}$/, 'invalid_value'),
  design: z.string(),
  weight: z.number().int().min(0).max(1000),
});
export type LanderVariant = z.infer<typeof landerVariantSchema>;
export const adminExperimentParamsSchema = z.object({ lander: z.string().max(40) });
export const adminExperimentInputSchema = z.object({
  site_id: rowIdSchema,
  /** Empty: the lander has no experiment (its own design for everyone). */
  variants: z
    .array(landerVariantSchema)
    .max(6)
    .refine((variants) => new Set(variants.map((variant) => variant.key)).size === variants.length, 'invalid_value')
    .refine((variants) => variants.length === 0 || variants.some((variant) => variant.weight > 0), 'invalid_value'),
});
export const adminExperimentSchema = z.object({
  site_id: z.number().int(),
  lander: z.string(),
  variants: z.array(landerVariantSchema),
  updated_at: z.string().nullable(),
});
export type AdminExperiment = z.infer<typeof adminExperimentSchema>;
export const adminExperimentsQuerySchema = z.object({ site: queryRowIdSchema.optional() });
export const adminExperimentsResponseSchema = z.object({ experiments: z.array(adminExperimentSchema) });
export const adminExperimentResponseSchema = z.object({ experiment: adminExperimentSchema });
