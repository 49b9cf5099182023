// A site's member-facing texts (the settings of SPEC section 3's 'texts' section that visitors read: the home page's
// title and description, the fictional-profile warning and names), one translation per locale. The console edits
// them per language; settings.php answers each as the string in the request's language (docs/settings.md).
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, baseLocale, isUiLanguage, type Locale, type SiteTextDefaults } from '@app/i18n';

/** The text settings that have a translation per locale, in the form's order. */
export const SITE_TEXT_KEYS = [
  'index_title',
  'description',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
] as const;
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number];
// The defaults of packages/i18n (site-texts.ts) name exactly these texts: one missing or extra fails here.
type UnmatchedDefault = Exclude<SiteTextKey, keyof SiteTextDefaults> | Exclude<keyof SiteTextDefaults, SiteTextKey>;
const everyTextHasDefaults: [UnmatchedDefault] extends [never] ? true : UnmatchedDefault = true;
void everyTextHasDefaults;

/** One text in the locales it is written in; a locale without it falls back (siteTextIn). */
export type LocalizedText = Partial<Record<Locale, string>>;
/** Every translated text of a site, as the `sites.texts` column stores them. */
export type SiteTexts = Partial<Record<SiteTextKey, LocalizedText>>;

/**
 * What a language without its own text shows. `english`: the English text (the fictional-profile texts: a warning in
 * English beats none). `none`: nothing, so the page says the translated pitch the home page has in every language
 * (the title and description: a search result in the reader's language beats one in English).
 */
export const SITE_TEXT_FALLBACK: Readonly<Record<SiteTextKey, 'english' | 'none'>> = {
  index_title: 'none',
  description: 'none',
  fictional_warning: 'english',
  fictional_singular: 'english',
  fictional_plural: 'english',
};

/**
 * The check of one translated text: an object keyed by locale code (a key that is no locale is refused), each value
 * checked by `text`. Blank values are dropped: a language left empty falls back. No language is required: a site
 * may show no warning at all, and a title left empty shows the translated pitch.
 */
export function localizedTextSchema(text: z.ZodString) {
  return z
    .strictObject(
      Object.fromEntries(LOCALES.map((locale) => [locale, text.optional()])) as Record<
        Locale,
        z.ZodOptional<z.ZodString>
      >,
    )
    .transform((value): LocalizedText =>
      Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== '')),
    );
}

/**
 * The text in `language`: its own, its base locale's (en-US reads en), then per SITE_TEXT_FALLBACK English's, and
 * last `legacy`: the single value the site stored before its texts had languages (its `sites` column; the caller
 * passes '' when that value is not written in this language).
 */
export function siteTextIn(key: SiteTextKey, text: LocalizedText | undefined, language: string, legacy = ''): string {
  const locale = isUiLanguage(language) ? baseLocale(language) : undefined;
  const own = locale ? text?.[locale] : undefined;
  if (own) return own;
  return (SITE_TEXT_FALLBACK[key] === 'english' ? text?.[DEFAULT_LOCALE] : undefined) || legacy;
}
