// The `{name}` placeholders of the static pages, filled from the site's settings (docs/content.md).
import { countryName, type Settings } from '@app/contracts';
import type { TFunction } from 'i18next';
import { dateLocaleFor, formatDate } from '../../../lib/i18n.ts';

/** Every placeholder a page may use; a page using another name fails the content test. */
export const PLACEHOLDERS = [
  'site_name',
  'site_domain',
  'company_name',
  'company_address',
  'company_city',
  'company_country',
  'company_kvk',
  'company_vat',
  'company_tradenames',
  'support_email',
  'support_phone',
  'refund_period',
  'min_age',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
  'terms_version',
  'message_cost',
  'photo_cost',
  'gift_cost',
  'ban_reason',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g;

/** SPEC section 1 and 3: 2023-12-01 noon UTC, or the company's added date when later (the server decides; shown in UTC). */
export function formatTermsVersion(termsVersion: string, language: string): string {
  const formatted = formatDate(
    termsVersion,
    { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' },
    dateLocaleFor(language),
  );
  return `${formatted} UTC`;
}

function companyCountryName(code: string, language: string): string {
  return /^[A-Z]{2}$/.test(code) ? countryName(code, language) : code;
}

/** The values of every placeholder for this site and language; `banReason` is the ban page's category in words. */
export function buildPlaceholderValues(
  settings: Settings,
  t: TFunction<'content'>,
  language: string,
  banReason = '',
): PlaceholderValues {
  const { company } = settings;
  const list = (items: readonly string[]) =>
    new Intl.ListFormat(dateLocaleFor(language), { type: 'conjunction' }).format(items);
  return {
    site_name: settings.name,
    site_domain: settings.domain,
    company_name: company.name,
    company_address: company.address,
    company_city: company.city,
    company_country: companyCountryName(company.country, language),
    company_kvk: company.kvk,
    company_vat: list(company.vat_numbers),
    company_tradenames: list(company.tradenames.length > 0 ? company.tradenames : [settings.name]),
    support_email: settings.support_email,
    support_phone: settings.support_phone,
    refund_period: t('units.days', { count: settings.refund_days }),
    min_age: String(settings.min_age),
    fictional_warning: settings.fictional_warning,
    fictional_singular: settings.fictional_singular,
    fictional_plural: settings.fictional_plural,
    terms_version: formatTermsVersion(settings.terms_version, language),
    message_cost: t('units.credits', { count: settings.message_credits }),
    photo_cost: t('units.credits', { count: settings.photo_credits }),
    gift_cost: t('units.credits', { count: settings.gift_credits }),
    ban_reason: banReason,
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/**
 * Fills the placeholders of rendered HTML with escaped values: the settings are text, never markup. Names that
 * are not placeholders stay as they are, so a test can find them.
 */
export function fillPlaceholders(html: string, values: PlaceholderValues): string {
  return html.replace(PLACEHOLDER_PATTERN, (match, name: string) =>
    name in values ? escapeHtml(values[name as Placeholder]) : match,
  );
}

/** Fills the placeholders of plain text (a title, an attribute): no escaping, React escapes it. */
export function fillPlaceholdersInText(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER_PATTERN, (match, name: string) =>
    name in values ? values[name as Placeholder] : match,
  );
}

/** The `{name}` placeholders left in a text (none after filling, unless a page uses an unknown name). */
export function findPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1]!);
}
