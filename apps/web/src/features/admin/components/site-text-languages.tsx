// The language of the site form's texts (index_title, description, fictional_*): one field per text for the chosen
// language, which a row of buttons picks. A failed save shows the first language with an error when the chosen one
// has none, so focus lands on the field that needs fixing.
import { useState } from 'react';
import { Button, ButtonGroup, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/i18n';
import { LANGUAGE_NAMES } from '../../language/index.ts';

type Errors = Record<string, unknown>;

/** The locale a field error of a translated text names (`fictional_warning.de` -> de), if any. */
function localeOfError(path: string, textKeys: readonly string[]): Locale | null {
  const [key, locale] = path.split('.');
  return key && textKeys.includes(key) && (LOCALES as readonly string[]).includes(locale ?? '')
    ? (locale as Locale)
    : null;
}

/** The locales whose texts have an error now. */
function localesWithErrors(errors: Errors, textKeys: readonly string[]): Set<Locale> {
  return new Set(
    Object.entries(errors).flatMap(([path, error]) => {
      const locale = error ? localeOfError(path, textKeys) : null;
      return locale ? [locale] : [];
    }),
  );
}

/**
 * The language the form's texts are edited in (English first) and the languages with errors. New errors only in
 * other languages (a save refused) switch to the first of them, in the same render, before focus moves to the error.
 */
export function useTextLanguage(errors: Errors, textKeys: readonly string[]) {
  const [language, setLanguage] = useState<Locale>(DEFAULT_LOCALE);
  const [seen, setSeen] = useState(errors);
  const withErrors = localesWithErrors(errors, textKeys);
  if (seen !== errors) {
    setSeen(errors);
    const added = localesWithErrors(
      Object.fromEntries(Object.entries(errors).filter(([path, error]) => error && !seen[path])),
      textKeys,
    );
    const first = LOCALES.find((locale) => added.has(locale));
    if (first && !withErrors.has(language)) setLanguage(first);
  }
  return { language, setLanguage, withErrors };
}

export function SiteTextLanguages({
  language,
  withErrors,
  onChange,
}: {
  language: Locale;
  withErrors: ReadonlySet<Locale>;
  onChange: (language: Locale) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="mb-3">
      <p id="site-text-language" className="small mb-1">
        {t('sites.textLanguage')}
      </p>
      <ButtonGroup size="sm" className="flex-wrap" aria-labelledby="site-text-language">
        {LOCALES.map((locale) => (
          <Button
            key={locale}
            lang={locale}
            variant={locale === language ? 'primary' : withErrors.has(locale) ? 'outline-danger' : 'outline-secondary'}
            aria-pressed={locale === language}
            onClick={() => onChange(locale)}
          >
            {LANGUAGE_NAMES[locale]}
            {withErrors.has(locale) && (
              <>
                {' '}
                <span className="visually-hidden">({t('sites.textLanguageError')})</span>
              </>
            )}
          </Button>
        ))}
      </ButtonGroup>
      <Form.Text className="d-block">{t('sites.textLanguageHint')}</Form.Text>
    </div>
  );
}
