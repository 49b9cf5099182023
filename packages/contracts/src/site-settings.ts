// A site's Settings (SPEC section 3), one table: each setting's input key, its check, where the staff form shows it
// and how, and the `sites` column it is stored in. The console's schema (adminSiteInputSchema), its form
// (apps/web features/admin site-fields.ts) and the server's mapping both ways (modules/admin sites.service.ts) are
// made from it; a setting is added here and in the database schema, nowhere else.
import { z } from 'zod';
import { LOCALE_VARIANTS } from '@app/i18n';
import { MAX_INT4 } from './input.ts';
import { LOGGED_OUT_SEARCH_MODES, REGION_KINDS, SIGNUP_MODES } from './sites.ts';
import { THEME_COLOR_PATTERN } from './site-theme.ts';
import { localizedTextSchema } from './site-texts.ts';

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'country_invalid');
/** Language tags that are locales of their own: kept whole, not cut to the language. */
const LANGUAGE_VARIANTS: ReadonlySet<string> = new Set(LOCALE_VARIANTS);
/**
 * A site's language as operators write it, `de`, `de-DE` or `de_DE` (any case), stored as what the app reads: the
 * language's two letters (`de`), or a locale variant whole (`en-US`).
 */
export function normaliseLanguageCode(value: string): string {
  const [language = '', region] = value.split(/[-_]/);
  const lower = language.toLowerCase();
  const tag = region ? `${lower}-${region.toUpperCase()}` : lower;
  return LANGUAGE_VARIANTS.has(tag) ? tag : lower;
}
const languageCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}([-_][A-Za-z]{2})?$/, 'invalid_value')
  .overwrite(normaliseLanguageCode);
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'invalid_value');
const shortText = z.string().trim().max(200);
/** An IANA time zone the runtime knows. */
function isTimeZoneName(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
const longText = z.string().trim().max(5000);
const creditAmount = z.number().int().min(0).max(10_000);
/** '' (the brand's colour) or #rrggbb, stored lower-case. */
const themeColor = z.string().trim().toLowerCase().regex(THEME_COLOR_PATTERN, 'invalid_value');

export const SITE_SETTING_SECTIONS = ['identity', 'texts', 'members', 'credits', 'payments', 'company'] as const;
export type SiteSettingSection = (typeof SITE_SETTING_SECTIONS)[number];
/** How the staff form edits a setting. */
export type SiteSettingKind =
  'text' | 'textarea' | 'number' | 'nullableNumber' | 'select' | 'checkbox' | 'list' | 'json' | 'nullableText';

type Setting<S extends z.ZodType, C extends string | null> = {
  schema: S;
  section: SiteSettingSection;
  kind: SiteSettingKind;
  options?: readonly string[];
  /**
   * The `sites` column (the database schema's property name); null when not stored (`company` maps its parts). A
   * translated text (`isLocalized`) is stored in `texts` by locale; its column keeps the single value it had before
   * (site-texts.ts, docs/settings.md).
   */
  column: C;
  /** One text per locale (SITE_TEXT_KEYS): the value is an object keyed by locale code. */
  isLocalized?: true;
};
const setting = <S extends z.ZodType, const C extends string | null>(
  schema: S,
  section: SiteSettingSection,
  kind: SiteSettingKind,
  column: C,
  options?: readonly string[],
): Setting<S, C> => ({ schema, section, kind, column, ...(options ? { options } : {}) });
/** A member-facing text with a translation per locale (site-texts.ts). */
const localizedSetting = <const C extends string>(text: z.ZodString, kind: 'text' | 'textarea', column: C) => ({
  ...setting(localizedTextSchema(text), 'texts', kind, column),
  isLocalized: true as const,
});

/** The seller's details (one JSON field of the form), each stored in its own column; `added` is a timestamp. */
export const SITE_COMPANY_FIELDS = {
  name: { schema: shortText, column: 'companyName' },
  address: { schema: shortText, column: 'companyAddress' },
  kvk: { schema: shortText, column: 'companyKvk' },
  city: { schema: shortText, column: 'companyCity' },
  country: { schema: shortText, column: 'companyCountry' },
  tradenames: { schema: z.array(shortText).max(20), column: 'companyTradenames' },
  vat_numbers: { schema: z.array(shortText).max(20), column: 'companyVatNumbers' },
  added: { schema: z.string().datetime({ offset: true }).nullable(), column: 'companyAdded', isTimestamp: true },
} as const;

/** What a site does with a profile photo scored explicit (docs/safety.md). */
export const EXPLICIT_PHOTO_POLICIES = ['allowed', 'private_only', 'review'] as const;
export type ExplicitPhotoPolicy = (typeof EXPLICIT_PHOTO_POLICIES)[number];

/** The risk signals of safety (docs/safety.md, "Risk") and their default points. */
export const RISK_SIGNALS = [
  'repeated_text',
  'contact_in_first_message',
  'new_account_burst',
  'reports_received',
  'reused_photo',
  'face_mismatch',
] as const;
export type RiskSignalName = (typeof RISK_SIGNALS)[number];
export const RISK_SIGNAL_DEFAULTS: Record<RiskSignalName, number> = {
  repeated_text: 40,
  contact_in_first_message: 25,
  new_account_burst: 30,
  reports_received: 15,
  reused_photo: 50,
  // Below the default threshold; whatever its weight, it never holds a member alone (docs/safety.md).
  face_mismatch: 20,
};
export const DEFAULT_RISK_THRESHOLD = 60;

/** Every setting, in the form's order. */
export const SITE_SETTINGS = {
  // identity
  name: setting(z.string().trim().min(1).max(100), 'identity', 'text', 'name'),
  /** Lower-case host name, no scheme or path. */
  domain: setting(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(253)
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
        'invalid_value',
      ),
    'identity',
    'text',
    'domain',
  ),
  domain_language: setting(languageCode, 'identity', 'text', 'domainLanguage'),
  languages: setting(z.array(languageCode).min(1).max(11), 'identity', 'list', 'languages'),
  cdn_prefix: setting(
    z
      .string()
      .trim()
      .max(200)
      .regex(/^(https:\/\/[^\s]+)?$/, 'invalid_value'),
    'identity',
    'text',
    'cdnPrefix',
  ),
  niche: setting(z.number().int().min(1).max(7), 'identity', 'number', 'niche'),
  /** The site's own colours (docs/design-system.md): buttons, links, badges, the gradient; '' keeps coral and orange. */
  theme_primary: setting(themeColor, 'identity', 'text', 'themePrimary'),
  theme_secondary: setting(themeColor, 'identity', 'text', 'themeSecondary'),
  countries: setting(z.array(countryCode).min(1).max(250), 'identity', 'list', 'countries'),
  mail_name: setting(shortText, 'identity', 'text', 'mailName'),
  support_phone: setting(shortText, 'identity', 'text', 'supportPhone'),
  support_email: setting(
    z.union([z.literal(''), z.string().trim().email('invalid_value').max(254)]),
    'identity',
    'text',
    'supportEmail',
  ),
  push_public_key: setting(z.string().trim().max(200), 'identity', 'text', 'pushPublicKey'),
  us_footer: setting(z.boolean(), 'identity', 'checkbox', 'usFooter'),
  /** The site's days in reports (IANA name, e.g. Europe/Amsterdam). */
  time_zone: setting(
    z.string().trim().max(64).refine(isTimeZoneName, 'invalid_value').default('Europe/Amsterdam'),
    'identity',
    'text',
    'timeZone',
  ),
  /** Not stored: the terms follow the company date. */
  terms_version: setting(z.string().trim().max(50).optional(), 'identity', 'text', null),
  // texts
  // Written per locale (site-texts.ts); the icon is a name, the same in every language.
  index_title: localizedSetting(shortText, 'text', 'indexTitle'),
  description: localizedSetting(longText, 'textarea', 'description'),
  fictional_icon: setting(shortText, 'texts', 'text', 'fictionalIcon'),
  fictional_warning: localizedSetting(longText, 'textarea', 'fictionalWarning'),
  fictional_singular: localizedSetting(shortText, 'text', 'fictionalSingular'),
  fictional_plural: localizedSetting(shortText, 'text', 'fictionalPlural'),
  // members
  signups: setting(z.enum(SIGNUP_MODES), 'members', 'select', 'signups', SIGNUP_MODES),
  logged_out_search: setting(
    z.enum(LOGGED_OUT_SEARCH_MODES),
    'members',
    'select',
    'loggedOutSearch',
    LOGGED_OUT_SEARCH_MODES,
  ),
  logged_out_search_trafficsource: setting(
    z.enum(LOGGED_OUT_SEARCH_MODES),
    'members',
    'select',
    'loggedOutSearchTrafficsource',
    LOGGED_OUT_SEARCH_MODES,
  ),
  min_age: setting(z.number().int().min(18).max(99), 'members', 'number', 'minAge'),
  enable_site_entry_popup: setting(z.enum(['yes', 'no']), 'members', 'select', 'enableSiteEntryPopup', ['yes', 'no']),
  /** Profile photos scored explicit (docs/safety.md): allowed, made private, or held for review (the default). */
  explicit_photos: setting(
    z.enum(EXPLICIT_PHOTO_POLICIES),
    'members',
    'select',
    'explicitPhotos',
    EXPLICIT_PHOTO_POLICIES,
  ),
  /** From this risk score on, messages to partners who never answered are held for a moderator (docs/safety.md). */
  risk_threshold: setting(z.number().int().min(1).max(1000), 'members', 'number', 'riskThreshold'),
  /** Points per risk signal; a signal not named keeps its default (RISK_SIGNAL_DEFAULTS). */
  risk_weights: setting(
    z.partialRecord(z.enum(RISK_SIGNALS), z.number().int().min(0).max(1000)),
    'members',
    'json',
    'riskWeights',
  ),
  site_entry_popup_countries: setting(z.array(countryCode).max(250), 'members', 'list', 'siteEntryPopupCountries'),
  visible_profile_fields: setting(z.array(z.string().max(50)).max(50), 'members', 'list', 'visibleProfileFields'),
  visible_profile_notes: setting(
    z.record(z.string().max(50), z.string().max(500)),
    'members',
    'json',
    'visibleProfileNotes',
  ),
  region_data: setting(
    z.record(countryCode, z.object({ kind: z.enum(REGION_KINDS) })),
    'members',
    'json',
    'regionData',
  ),
  search_fields: setting(z.array(z.string().max(50)).max(20), 'members', 'list', 'searchFields'),
  interests: setting(z.array(z.string().max(50)).max(500), 'members', 'list', 'interests'),
  partner_url: setting(
    z
      .string()
      .trim()
      .url('invalid_value')
      .max(500)
      .regex(/^https?:\/\//, 'invalid_value')
      .nullable(),
    'members',
    'nullableText',
    'partnerUrl',
  ),
  member_resell: setting(z.boolean(), 'members', 'checkbox', 'memberResell'),
  /** Members within this distance of the visitor's town are "near you" on the landers (docs/landers.md). */
  near_distance_km: setting(z.number().int().min(1).max(1000).default(50), 'members', 'number', 'nearDistanceKm'),
  /** How long the tracking cookie keeps a visitor's first touch (docs/traffic.md). */
  tracking_cookie_days: setting(
    z.number().int().min(1).max(365).default(30),
    'members',
    'number',
    'trackingCookieDays',
  ),
  delete_discount: setting(z.number().int().min(0).max(100), 'members', 'number', 'deleteDiscount'),
  // credits
  currency: setting(currencyCode, 'credits', 'text', 'currency'),
  message_credits: setting(creditAmount, 'credits', 'number', 'messageCredits'),
  signup_credits: setting(creditAmount, 'credits', 'number', 'signupCredits'),
  photo_credits: setting(creditAmount, 'credits', 'number', 'photoCredits'),
  gift_credits: setting(creditAmount, 'credits', 'number', 'giftCredits'),
  message_length: setting(z.number().int().min(1).max(10_000), 'credits', 'number', 'messageLength'),
  /** Major units (SPEC 3 shows amounts such as 0.99). */
  minimum_message_costs: setting(
    z.record(countryCode, z.object({ costs: z.number().min(0).max(1000), currency: currencyCode })),
    'credits',
    'json',
    'minimumMessageCosts',
  ),
  // payments
  payment_methods: setting(z.array(z.string().max(50)).max(50), 'payments', 'list', 'paymentMethods'),
  transaction_costs: setting(
    z.record(z.string().max(50), z.number().int().min(0).max(100_000)),
    'payments',
    'json',
    'transactionCosts',
  ),
  refund_days: setting(z.number().int().min(0).max(365), 'payments', 'number', 'refundDays'),
  // company
  company_id: setting(z.number().int().positive().max(MAX_INT4).nullable(), 'company', 'nullableNumber', 'companyId'),
  company: setting(
    z.object(
      Object.fromEntries(Object.entries(SITE_COMPANY_FIELDS).map(([key, field]) => [key, field.schema])) as {
        [K in keyof typeof SITE_COMPANY_FIELDS]: (typeof SITE_COMPANY_FIELDS)[K]['schema'];
      },
    ),
    'company',
    'json',
    null,
  ),
};
export type SiteSettingKey = keyof typeof SITE_SETTINGS;

/** The `sites` columns the settings are stored in (the server checks this against its database schema). */
export type SiteSettingColumn =
  | Exclude<(typeof SITE_SETTINGS)[SiteSettingKey]['column'], null>
  | 'texts'
  | (typeof SITE_COMPANY_FIELDS)[keyof typeof SITE_COMPANY_FIELDS]['column'];

/** The zod shape of every setting (adminSiteInputSchema's object). */
export const siteSettingsShape = Object.fromEntries(
  Object.entries(SITE_SETTINGS).map(([key, field]) => [key, field.schema]),
) as { [K in SiteSettingKey]: (typeof SITE_SETTINGS)[K]['schema'] };
