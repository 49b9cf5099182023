// Site settings (SPEC section 3) and the catalogue endpoints every page loads once.
import { z } from 'zod';

export const NICHES = [1, 2, 3, 4, 5, 6, 7] as const;
export const SIGNUP_MODES = ['all', 'with_trafficsource', 'other'] as const;
/**
 * SPEC section 3: logged_out_search (and its traffic-source variant) is "none or other": `none` hides search from
 * visitors, any other value allows it. `other` is the spec's word, `all` the name this build used first; both allow.
 */
export const LOGGED_OUT_SEARCH_MODES = ['none', 'all', 'other'] as const;
export const PAYMENT_METHODS = [
  'sdd',
  'prezelewy24',
  'blik',
  'sct',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'dankort',
  'mobilepay',
  'swish',
  'twint',
  'satispay',
  'vipps',
  'cartebancaire',
  'nexi',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const;
export const PROFILE_FIELDS = [
  'gender',
  'sexuality',
  'age',
  'country',
  'region',
  'city',
  'relationship_status',
  'body_type',
  'hair_color',
  'eye_color',
  'tattoos',
  'signup_reason',
  'interests',
  'about_me',
] as const;
export const SEARCH_FIELDS = ['gender', 'country', 'region', 'min_age', 'max_age'] as const;
export const REGION_KINDS = ['province', 'state', 'region', 'canton', 'county', 'voivodeship'] as const;

const countryCode = z.string().regex(/^[A-Z]{2}$/);

export const companySchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  added: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

export const settingsSchema = z.object({
  name: z.string(),
  domain: z.string(),
  domain_language: z.string(),
  languages: z.array(z.string()),
  cdn_prefix: z.string(),
  /** The site's own theme colours, #rrggbb, or '' for the brand's coral and orange (docs/design-system.md). */
  theme_primary: z.string(),
  theme_secondary: z.string(),
  niche: z.number().int().min(1).max(7),
  index_title: z.string(),
  description: z.string(),
  signups: z.enum(SIGNUP_MODES),
  logged_out_search: z.enum(LOGGED_OUT_SEARCH_MODES),
  logged_out_search_trafficsource: z.enum(LOGGED_OUT_SEARCH_MODES),
  geoip_country: countryCode.nullable(),
  geoip_selected_country: countryCode,
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number(), currency: z.string() })),
  currency: z.string(),
  min_age: z.number().int(),
  support_phone: z.string(),
  support_email: z.string(),
  push_public_key: z.string(),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  site_entry_popup_countries: z.array(countryCode),
  us_footer: z.boolean(),
  fictional_icon: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  countries: z.array(countryCode),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.record(z.string(), z.string()),
  region_data: z.record(z.string(), z.object({ kind: z.enum(REGION_KINDS) })),
  message_credits: z.number().int(),
  signup_credits: z.number().int(),
  photo_credits: z.number().int(),
  gift_credits: z.number().int(),
  message_length: z.number().int(),
  search_fields: z.array(z.string()),
  interests: z.array(z.string()),
  payment_methods: z.array(z.string()),
  refund_days: z.number().int(),
  member_resell: z.boolean(),
  /** Visitors who try to sign up where signups are `other` are counted down and forwarded here with their tracking data (docs/landers.md). */
  partner_url: z.string().nullable(),
  company_id: z.number().int().nullable(),
  mail_name: z.string(),
  delete_discount: z.number().int(),
  company: companySchema,
  terms_version: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * The web client passes its route's query parameters through: unknown ones are accepted and ignored,
 * and a `country` the site does not serve is ignored rather than refused, so settings always load.
 */
export const settingsQuerySchema = z
  .object({
    'forced-domain': z.string().max(253).optional(),
    country: z.string().optional(),
  })
  .catchall(z.union([z.string(), z.array(z.string())]));
export const settingsResponseSchema = z.object({ settings: settingsSchema });
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const interestSchema = z.object({ key: z.string(), icon: z.string(), adult: z.boolean() });
export const interestsResponseSchema = z.object({ interests: z.array(interestSchema) });
export type InterestsResponse = z.infer<typeof interestsResponseSchema>;
export type Interest = z.infer<typeof interestSchema>;

export const regionSchema = z.object({ code: z.string(), name: z.string() });
export const regionsResponseSchema = z.object({
  regions: z.record(z.string(), z.object({ kind: z.enum(REGION_KINDS), regions: z.array(regionSchema) })),
});
export type RegionsResponse = z.infer<typeof regionsResponseSchema>;

export const companyInfoResponseSchema = z.object({
  company: companySchema,
  support_email: z.string(),
  support_phone: z.string(),
});
export type CompanyInfoResponse = z.infer<typeof companyInfoResponseSchema>;

/**
 * `degraded`: the instance answers, but Redis (when configured) is unreachable: limits count per instance, realtime is
 * off (apps poll), caches kept fresh by the bus are bypassed (docs/operations.md, "Redis down").
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.literal('ok'),
  redis: z.enum(['ok', 'unreachable']).optional(),
});
