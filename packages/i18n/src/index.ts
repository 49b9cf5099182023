// Locales, namespaces and the country-to-language rules shared by the web app and the server (mails, errors).
export const LOCALES = ['nl', 'en', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** English has a US variant; it only overrides what differs and falls back to en. */
export const LOCALE_VARIANTS = ['en-US'] as const;
export type LocaleVariant = (typeof LOCALE_VARIANTS)[number];
export type UiLanguage = Locale | LocaleVariant;

export const NAMESPACES = [
  'common',
  'errors',
  'accounts',
  'mail',
  'members',
  'chat',
  'payments',
  'content',
  'notifications',
  'landers',
  'reports',
  'admin',
  'moderation',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_DAYS = 365;
/**
 * The browser's time zone (an IANA name), written by the web app so the server's first views show times as the app
 * will (docs/first-view.md).
 */
export const TIME_ZONE_COOKIE = 'tz';

/** An IANA time zone this runtime knows ("Europe/Amsterdam"); anything else (a forged cookie) is not one. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
/** The spec's default date locale is Dutch, whatever the interface language. */
export const DEFAULT_DATE_LOCALE = 'nl';

/** SPEC section 1: which interface languages a visitor from a country sees first. */
export const COUNTRY_LANGUAGES: Readonly<Record<string, readonly UiLanguage[]>> = {
  US: ['en-US', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isUiLanguage(value: unknown): value is UiLanguage {
  return isLocale(value) || (typeof value === 'string' && (LOCALE_VARIANTS as readonly string[]).includes(value));
}

/** The base locale of a UI language: en-US -> en. */
export function baseLocale(language: UiLanguage): Locale {
  return language === 'en-US' ? 'en' : language;
}

/** Maps a settings domain_language such as "de_DE" or "nl" to a locale when its first two letters match one. */
export function localeFromDomainLanguage(domainLanguage: string | null | undefined): Locale | null {
  const prefix = (domainLanguage ?? '').slice(0, 2).toLowerCase();
  return isLocale(prefix) ? prefix : null;
}

/**
 * SPEC section 1, the web app's interface language for a page: an explicit ?lang= first, then the cookie, then the
 * site's domain_language when it matches a locale, then the default. The browser's app, the server's first view of a
 * page (which must show the page in the language the app will) and every other answer of the server (its messages, a
 * page's `lang`: plugins/locale.plugin.ts) decide by this; the browser's Accept-Language plays no part.
 */
export function pageLanguage(asked: unknown, cookie: unknown, domainLanguage: string | null | undefined): UiLanguage {
  if (isUiLanguage(asked)) return asked;
  if (isUiLanguage(cookie)) return cookie;
  return localeFromDomainLanguage(domainLanguage) ?? DEFAULT_LOCALE;
}

/**
 * The interface languages a site offers, ordered for a visitor from `country`:
 * the country's own languages first, then the rest of the site's locales.
 */
export function orderLanguagesForCountry(
  visible: readonly UiLanguage[],
  country: string | null | undefined,
): UiLanguage[] {
  const preferred = (country && COUNTRY_LANGUAGES[country.toUpperCase()]) || [];
  // A site without the US variant still shows English first to a US visitor.
  const first = [
    ...new Set(preferred.map((language) => (visible.includes(language) ? language : baseLocale(language)))),
  ].filter((language) => visible.includes(language));
  return [...first, ...visible.filter((language) => !first.includes(language))];
}
/** The default texts of a site's settings in every locale. */
export * from './site-texts.ts';
