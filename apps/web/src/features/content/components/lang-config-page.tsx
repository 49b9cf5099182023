// /lang-config: the languages this site shows, the chosen one, and the country-to-language rules (SPEC section 1) as
// they apply to this visitor's country.
import { Container, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { COUNTRY_LANGUAGES, type UiLanguage } from '@app/i18n';
import { PageTitle } from '../../../components/page-title.tsx';
import { useCountryName } from '../../../components/use-location-text.ts';
import { chooseLanguage, dateLocaleFor } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { LANGUAGE_NAMES, getVisibleLanguages } from '../../language/index.ts';
import '../content.css';

const nameOf = (language: string) => LANGUAGE_NAMES[language as UiLanguage] ?? language;
const formatList = (items: readonly string[], current: UiLanguage) =>
  new Intl.ListFormat(dateLocaleFor(current), { type: 'conjunction' }).format(items);

export function LangConfigPage() {
  const { t, i18n } = useTranslation('content');
  const settings = useSettings();
  const countryName = useCountryName();
  const current = (i18n.resolvedLanguage ?? i18n.language) as UiLanguage;
  const country = settings.geoip_selected_country;
  const visible = getVisibleLanguages(settings.languages, country);
  const preferred = COUNTRY_LANGUAGES[country] ?? [];
  const list = (items: readonly string[]) => formatList(items, current);

  return (
    <Container className="content-page py-4 py-md-5">
      <PageTitle title={t('langConfig.title')} />
      <div className="content-article mx-auto">
        <h1 className="mb-4">{t('langConfig.title')}</h1>

        <LanguageChoice visible={visible} current={current} />

        <section aria-labelledby="lang-config-country" className="mb-5">
          <h2 id="lang-config-country" className="h4">
            {t('langConfig.countryTitle')}
          </h2>
          <p>
            {settings.geoip_country
              ? t('langConfig.located', { country: countryName(settings.geoip_country) })
              : t('langConfig.notLocated')}{' '}
            {settings.geoip_country !== country && t('langConfig.treatedAs', { country: countryName(country) })}
          </p>
          <p>
            {preferred.length > 0
              ? t('langConfig.countryRule', { country: countryName(country), languages: list(preferred.map(nameOf)) })
              : t('langConfig.noCountryRule', { country: countryName(country) })}
          </p>
          <p className="mb-0">{t('langConfig.order', { languages: list(visible.map(nameOf)) })}</p>
        </section>

        <CountryRules country={country} current={current} />
      </div>
    </Container>
  );
}

/** The site's languages as radio buttons, the one shown checked; choosing one switches at once. */
function LanguageChoice({ visible, current }: { visible: readonly UiLanguage[]; current: UiLanguage }) {
  const { t } = useTranslation('content');
  return (
    <section aria-labelledby="lang-config-choice" className="mb-5">
      <h2 id="lang-config-choice" className="h4">
        {t('langConfig.chooseTitle')}
      </h2>
      <p>{t('langConfig.current', { language: nameOf(current) })}</p>
      <Form>
        <fieldset>
          <legend className="fs-6">{t('langConfig.choose')}</legend>
          {visible.map((language) => (
            <Form.Check
              key={language}
              type="radio"
              id={`lang-config-${language}`}
              name="language"
              value={language}
              lang={language}
              label={nameOf(language)}
              checked={language === current}
              onChange={() => void chooseLanguage(language)}
            />
          ))}
        </fieldset>
      </Form>
      <p className="small text-body-secondary mt-3 mb-0">{t('langConfig.remembered')}</p>
    </section>
  );
}

/** Every country's languages in a table, the visitor's country marked. */
function CountryRules({ country, current }: { country: string; current: UiLanguage }) {
  const { t } = useTranslation('content');
  const countryName = useCountryName();
  return (
    <section aria-labelledby="lang-config-rules">
      <h2 id="lang-config-rules" className="h4">
        {t('langConfig.rulesTitle')}
      </h2>
      <Table size="sm" className="lang-config-rules">
        <caption className="caption-top">{t('langConfig.rulesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('langConfig.country')}</th>
            <th scope="col">{t('langConfig.languages')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(COUNTRY_LANGUAGES).map(([code, languages]) => {
            const isVisitor = code === country;
            return (
              <tr
                key={code}
                className={isVisitor ? 'table-active fw-semibold' : undefined}
                aria-current={isVisitor ? 'true' : undefined}
              >
                <th scope="row" className="fw-normal">
                  {countryName(code)}
                  {isVisitor && <span className="badge text-bg-primary ms-2">{t('langConfig.yourCountry')}</span>}
                </th>
                <td>{formatList(languages.map(nameOf), current)}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </section>
  );
}
