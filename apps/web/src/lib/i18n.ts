// i18next for the web app: locale files loaded on demand, the language cookie, and the SPEC's language rules.
import { startTransition } from 'react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_DATE_LOCALE,
  DEFAULT_LOCALE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_DAYS,
  NAMESPACES,
  TIME_ZONE_COOKIE,
  isTimeZone,
  isUiLanguage,
  localeFromDomainLanguage,
  pageLanguage,
  type UiLanguage,
} from '@app/i18n';
import { readCookie, writeCookie } from './cookies.ts';

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../../../packages/i18n/locales/*/*.json');

function loaderFor(language: string, namespace: string) {
  return loaders[`../../../../packages/i18n/locales/${language}/${namespace}.json`];
}

const LANGUAGE_COOKIE_MAX_AGE_SECONDS = LANGUAGE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;

export function readLanguageCookie(): UiLanguage | null {
  const value = readCookie(LANGUAGE_COOKIE);
  return isUiLanguage(value) ? value : null;
}

export function writeLanguageCookie(language: UiLanguage): void {
  writeCookie(LANGUAGE_COOKIE, language, LANGUAGE_COOKIE_MAX_AGE_SECONDS);
}

/**
 * Tells the server this browser's time zone, so the pages it renders before the app runs (docs/first-view.md) show
 * times as the app will; written only when it changed.
 */
export function writeTimeZoneCookie(): void {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (isTimeZone(timeZone) && readCookie(TIME_ZONE_COOKIE) !== timeZone)
    writeCookie(TIME_ZONE_COOKIE, timeZone, LANGUAGE_COOKIE_MAX_AGE_SECONDS);
}

/**
 * SPEC section 1: an explicit ?lang= first, then the cookie; without one, the site's domain_language picks the locale when it
 * matches one, and is stored.
 */
export function initialLanguage(domainLanguage: string | null | undefined): UiLanguage {
  const asked = new URLSearchParams(window.location.search).get('lang');
  const fromCookie = readLanguageCookie();
  const language = pageLanguage(asked, fromCookie, domainLanguage);
  // Kept as the choice: a link naming the language (the pages' hreflang alternates, ?lang=de), or the domain's when
  // there was none.
  if (language !== fromCookie && (isUiLanguage(asked) || localeFromDomainLanguage(domainLanguage) === language))
    writeLanguageCookie(language);
  return language;
}

/**
 * The namespaces the first screen of any page needs (navigation, footer, spinners, the member links, search): loaded
 * before the first render. The others (mail, payments) follow after the first paint (`loadRemainingNamespaces`),
 * and a screen that needs one before then waits for it (react-i18next suspends), so each visit loads only the
 * active language's files and the first paint only the namespaces it shows.
 */
export const FIRST_PAINT_NAMESPACES = [
  'common',
  'errors',
  'accounts',
  'members',
  'chat',
] as const satisfies readonly (typeof NAMESPACES)[number][];

/** The staff console's namespaces: its screens ask for them (and wait), so a member's visit never loads them. */
const CONSOLE_NAMESPACES: readonly string[] = ['admin', 'moderation'];

/** The namespaces left out of the first paint, for the active language (and its fallbacks); not the console's. */
export function loadRemainingNamespaces(): Promise<void> {
  return i18next.loadNamespaces(
    NAMESPACES.filter(
      (namespace) =>
        !(FIRST_PAINT_NAMESPACES as readonly string[]).includes(namespace) && !CONSOLE_NAMESPACES.includes(namespace),
    ),
  );
}

/** What the browser's i18next and the server's first-view render share (entry-server.tsx). */
const I18N_OPTIONS = {
  fallbackLng: { 'en-US': ['en'], default: [DEFAULT_LOCALE] },
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  // `loaded`: a screen showing a `payments:` or `mail:` string before its namespace arrived shows it once it has.
  react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
  returnNull: false,
} as const;

export async function initI18n(language: UiLanguage) {
  await i18next
    .use({
      type: 'backend',
      read(lng: string, ns: string, callback: (error: unknown, data?: Record<string, unknown>) => void) {
        const load = loaderFor(lng, ns);
        if (!load) return callback(null, {});
        // In a transition: the `loaded` event this fires re-renders every translated component (bindI18n below), and
        // React renders a transition in slices that give the main thread back every few milliseconds instead of in
        // one long task per namespace (docs/web-build.md, fourth pass).
        load().then(
          (module) => startTransition(() => callback(null, module.default)),
          (error) => callback(error),
        );
      },
    })
    .use(initReactI18next)
    .init({ ...I18N_OPTIONS, lng: language, ns: [...FIRST_PAINT_NAMESPACES] });
  document.documentElement.lang = language;
  return i18next;
}

/** The server's first-view render (entry-server.tsx): every language's every namespace at once, nothing loaded later. */
export async function initI18nWithAllResources(language: UiLanguage) {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  await Promise.all(
    Object.entries(loaders).map(async ([file, load]) => {
      const [, lng, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
      if (lng && ns) (resources[lng] ??= {})[ns] = (await load()).default;
    }),
  );
  await i18next.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: language,
    ns: [...NAMESPACES],
    resources,
    initAsync: false,
    react: { ...I18N_OPTIONS.react, useSuspense: false },
  });
  return i18next;
}

/** Changes the interface language and remembers it for 365 days. */
export async function changeLanguage(language: UiLanguage): Promise<void> {
  writeLanguageCookie(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

type LanguageChosenListener = (language: UiLanguage) => void | Promise<void>;
const languageChosenListeners = new Set<LanguageChosenListener>();
/** A choice made before any listener was there (the session feature loads after the first paint), for the first one. */
let unheardChoice: UiLanguage | null = null;

/**
 * SPEC section 1: a logged-in member's choice is also saved to the account. The session feature
 * registers here (PUT /api/user.php) so the language switcher needs to know nothing about accounts. A choice made
 * before it registered is handed to it then: the first change after a page load used to be lost.
 */
export function onLanguageChosen(listener: LanguageChosenListener): () => void {
  languageChosenListeners.add(listener);
  if (unheardChoice) {
    const language = unheardChoice;
    unheardChoice = null;
    void Promise.resolve()
      .then(() => listener(language))
      .catch(() => undefined);
  }
  return () => languageChosenListeners.delete(listener);
}

/** The visitor picked a language: switch, remember it, and let listeners save it elsewhere. */
export async function chooseLanguage(language: UiLanguage): Promise<void> {
  await changeLanguage(language);
  if (languageChosenListeners.size === 0) {
    unheardChoice = language;
    return;
  }
  // Saving elsewhere is best effort: the interface has already switched and the cookie is set.
  await Promise.allSettled([...languageChosenListeners].map(async (listener) => listener(language)));
}

/**
 * SPEC section 1: "The default date locale is Dutch". It is the default only until a language is set: dates
 * then follow the interface language (en-US gives US dates), so an English page never reads "5 maart 2024".
 */
export function dateLocaleFor(language: string | undefined): string {
  if (!language) return DEFAULT_DATE_LOCALE;
  // Plain English is the international (British) form, "5 March 2024"; the US variant has its own locale.
  return language === 'en' ? 'en-GB' : language;
}

/**
 * The time zone dates are shown in: the runtime's own (undefined) in the browser; the browser's, from its cookie, while
 * the server renders a first view for it (entry-server.tsx).
 */
let displayTimeZone: string | undefined;

export function setDisplayTimeZone(timeZone: string | undefined): void {
  displayTimeZone = timeZone;
}

export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
  locale: string = dateLocaleFor(i18next.isInitialized ? (i18next.resolvedLanguage ?? i18next.language) : undefined),
): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(locale, { timeZone: displayTimeZone, ...options }).format(date);
}

/** The calendar day of a moment where it is shown ("2026-11-24"), for "today" and for grouping by day. */
export function calendarDay(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: displayTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

export { i18next };
