// Which interface languages the language dropdown offers, in the order a visitor's country prefers.
import { COUNTRY_LANGUAGES, isUiLanguage, orderLanguagesForCountry, type UiLanguage } from '@app/i18n';

/**
 * The site's languages (settings.languages) that the app supports, ordered for `country`.
 * US English is offered when the site lists it, or when the site offers English among other languages
 * and the visitor's country speaks US English (docs/web-shell.md). A site with one language offers no
 * choice, not even of the US variant.
 */
export function getVisibleLanguages(
  siteLanguages: readonly string[],
  country: string | null | undefined,
): UiLanguage[] {
  const visible = [...new Set(siteLanguages.filter(isUiLanguage))];
  const countryLanguages = (country && COUNTRY_LANGUAGES[country.toUpperCase()]) || [];
  if (
    visible.length > 1 &&
    visible.includes('en') &&
    !visible.includes('en-US') &&
    countryLanguages.includes('en-US')
  ) {
    visible.splice(visible.indexOf('en') + 1, 0, 'en-US');
  }
  return orderLanguagesForCountry(visible, country);
}

/** SPEC section 2: the dropdown shows only when there is a choice to make. */
export function hasLanguageChoice(languages: readonly UiLanguage[]): boolean {
  return languages.length > 1;
}
