// A site's member-facing texts per locale (contracts' site-texts.ts) as the `sites` row holds them: the `texts` column,
// and the single-value columns the release before kept them in, still written for it while instances roll (expand,
// then contract: docs/operations.md) and read for a text never written per language.
import { SITE_TEXT_KEYS, siteTextIn, type SiteTextKey, type SiteTexts } from '@app/contracts';
import { DEFAULT_LOCALE, localeFromDomainLanguage, type Locale } from '@app/i18n';
import type { SiteRow } from '../../db/schema/index.ts';

/** The single-value column of each text. */
export const SITE_TEXT_COLUMNS = {
  index_title: 'indexTitle',
  description: 'description',
  fictional_warning: 'fictionalWarning',
  fictional_singular: 'fictionalSingular',
  fictional_plural: 'fictionalPlural',
} as const satisfies Record<SiteTextKey, keyof SiteRow>;
type SiteTextColumn = (typeof SITE_TEXT_COLUMNS)[SiteTextKey];

/** The title and description were written in the site's domain_language; the fictional texts in English. */
function legacyLanguageOf(key: SiteTextKey, domainLanguage: string): Locale {
  return key === 'index_title' || key === 'description'
    ? (localeFromDomainLanguage(domainLanguage) ?? DEFAULT_LOCALE)
    : DEFAULT_LOCALE;
}

/** The row's values of the texts: `texts`, and each single-value column in the language it was read in before. */
export function siteTextValues(
  texts: SiteTexts,
  domainLanguage: string,
): { texts: SiteTexts } & Record<SiteTextColumn, string> {
  const values = { texts } as { texts: SiteTexts } & Record<SiteTextColumn, string>;
  for (const key of SITE_TEXT_KEYS) {
    values[SITE_TEXT_COLUMNS[key]] = texts[key]?.[legacyLanguageOf(key, domainLanguage)] ?? '';
  }
  return values;
}

/**
 * A site's text in `language` (a UI language), with the fallbacks of contracts' siteTextIn; the single-value column
 * counts where it was written in that language (any, for the fictional texts).
 */
export function siteText(
  site: Pick<SiteRow, 'texts' | 'domainLanguage' | SiteTextColumn>,
  key: SiteTextKey,
  language: string,
): string {
  const legacy = site[SITE_TEXT_COLUMNS[key]];
  const legacyLanguage = legacyLanguageOf(key, site.domainLanguage);
  const isLegacyShown = key === 'index_title' || key === 'description' ? language.slice(0, 2) === legacyLanguage : true;
  return siteTextIn(key, site.texts[key], language, isLegacyShown ? legacy : '');
}

/**
 * Every text of a site in every language it has, as the console edits them: a text never written per language is its
 * single value, in the language it was read in.
 */
export function siteTextsOf(site: Pick<SiteRow, 'texts' | 'domainLanguage' | SiteTextColumn>): Required<SiteTexts> {
  const texts = {} as Required<SiteTexts>;
  for (const key of SITE_TEXT_KEYS) {
    const legacy = site[SITE_TEXT_COLUMNS[key]];
    texts[key] = site.texts[key] ?? (legacy ? { [legacyLanguageOf(key, site.domainLanguage) as Locale]: legacy } : {});
  }
  return texts;
}
