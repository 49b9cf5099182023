// Turns a site row into the public settings and company info the web client reads.
import type { Company, Settings } from '@app/contracts';
import type { SiteRow } from '../../db/schema/index.ts';
import { siteText } from '../../plugins/site/index.ts';

/** The country a visitor picked (set by the web client); `?country=` on settings.php wins over it. */
export const COUNTRY_COOKIE = 'country';

/**
 * The country the visitor chose for this address: `?country=` (the page's own query, which the web app passes on to
 * settings.php), else the `country` cookie. `selectCountry` keeps it when the site serves it. settings.php and the
 * pages the server renders (a lander's entry warning) read it alike, so they agree for the same address.
 */
export function chosenCountryOf(request: {
  query: unknown;
  cookies: Record<string, string | undefined>;
}): string | undefined {
  const fromQuery = (request.query as { country?: unknown } | null | undefined)?.country;
  return typeof fromQuery === 'string' ? fromQuery : request.cookies[COUNTRY_COOKIE];
}

/** SPEC section 3: the terms version is 2023-12-01 noon UTC, or the company's added date when later. */
const BASE_TERMS_VERSION = new Date('2023-12-01T12:00:00Z');

export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

export function termsVersion(site: Pick<SiteRow, 'companyAdded'>): string {
  const added = site.companyAdded;
  return (added && added > BASE_TERMS_VERSION ? added : BASE_TERMS_VERSION).toISOString();
}

export function toCompany(site: SiteRow): Company {
  return {
    name: site.companyName,
    address: site.companyAddress,
    kvk: site.companyKvk,
    city: site.companyCity,
    country: site.companyCountry,
    tradenames: site.companyTradenames,
    vat_numbers: site.companyVatNumbers,
    added: site.companyAdded ? site.companyAdded.toISOString() : null,
  };
}

/**
 * The country the visitor is treated as being in: the chosen one when the site serves it,
 * else the GeoIP country when served, else the site's first country.
 */
export function selectCountry(
  site: Pick<SiteRow, 'countries'>,
  chosen: string | undefined,
  geoip: string | null,
): string {
  const picked = chosen?.trim().toUpperCase();
  if (picked && site.countries.includes(picked)) return picked;
  if (geoip && site.countries.includes(geoip)) return geoip;
  return site.countries[0] ?? 'NL';
}

/** The partner address only when it is an absolute http(s) address: never a `javascript:` or relative link. */
export function toPartnerUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The settings of SPEC section 3 for one visitor: where they are, and the language they read (the member-facing texts,
 * index_title, description and fictional_*, are answered as the string in that language: docs/settings.md).
 */
export function toSettings(
  site: SiteRow,
  location: { geoipCountry: string | null; chosenCountry?: string },
  language: string,
): Settings {
  const text = (key: Parameters<typeof siteText>[1]) => siteText(site, key, language);
  return {
    name: site.name,
    domain: site.domain,
    domain_language: site.domainLanguage,
    languages: site.languages,
    cdn_prefix: site.cdnPrefix,
    theme_primary: site.themePrimary,
    theme_secondary: site.themeSecondary,
    niche: site.niche,
    index_title: text('index_title'),
    description: text('description'),
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    geoip_country: location.geoipCountry,
    geoip_selected_country: selectCountry(site, location.chosenCountry, location.geoipCountry),
    minimum_message_costs: site.minimumMessageCosts,
    currency: site.currency,
    min_age: site.minAge,
    support_phone: cleanPhone(site.supportPhone),
    support_email: site.supportEmail,
    push_public_key: site.pushPublicKey,
    enable_site_entry_popup: site.enableSiteEntryPopup,
    site_entry_popup_countries: site.siteEntryPopupCountries,
    us_footer: site.usFooter,
    fictional_icon: site.fictionalIcon,
    fictional_warning: text('fictional_warning'),
    fictional_singular: text('fictional_singular'),
    fictional_plural: text('fictional_plural'),
    countries: site.countries,
    visible_profile_fields: site.visibleProfileFields,
    visible_profile_notes: site.visibleProfileNotes,
    region_data: site.regionData,
    message_credits: site.messageCredits,
    signup_credits: site.signupCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    message_length: site.messageLength,
    search_fields: site.searchFields,
    interests: site.interests,
    payment_methods: site.paymentMethods,
    refund_days: site.refundDays,
    member_resell: site.memberResell,
    partner_url: toPartnerUrl(site.partnerUrl),
    company_id: site.companyId,
    mail_name: site.mailName,
    delete_discount: site.deleteDiscount,
    company: toCompany(site),
    terms_version: termsVersion(site),
  };
}
