// Each interface language named in its own language. These endonyms read the same in every locale, so they are data, not translations.
import type { UiLanguage } from '@app/i18n';

export const LANGUAGE_NAMES: Readonly<Record<UiLanguage, string>> = {
  nl: 'Nederlands',
  en: 'English',
  'en-US': 'English (US)',
  de: 'Deutsch',
  it: 'Italiano',
  fr: 'Français',
  es: 'Español',
  pl: 'Polski',
  da: 'Dansk',
  fi: 'Suomi',
  nb: 'Norsk bokmål',
  sv: 'Svenska',
};
