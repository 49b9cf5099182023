// The search filters the site offers (settings.search_fields): gender, country, region (named per country), minimum and
// maximum age; and for members, verified members only.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useRegions } from '../../../lib/settings/get-regions.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useCountryName } from '../../../components/use-location-text.ts';
import { pickFilters, type SearchFilterValues } from '../lib/search-filters.ts';

/** Mirrors GENDERS and SEARCH_MAX_AGE of @app/contracts. */
const GENDERS = ['male', 'female'] as const;
const MAX_AGE = 99;

type SearchFiltersProps = {
  /** Members may ask for verified members only (visitors see no badges to search by). */
  isMember: boolean;
  filters: SearchFilterValues;
  isSearching: boolean;
  onSearch: (filters: SearchFilterValues) => void;
  onClear: () => void;
};

export function SearchFilters({ isMember, filters, isSearching, onSearch, onClear }: SearchFiltersProps) {
  const { t, i18n } = useTranslation('members');
  const settings = useSettings();
  const { data: regions } = useRegions();
  const countryName = useCountryName();
  const id = useId();
  // The form edits a copy; the store changes on Search. The page remounts the form when the store's filters change (Clear).
  const [values, setValues] = useState<SearchFilterValues>(() => pickFilters(filters));
  const [ageError, setAgeError] = useState(false);
  const offers = (field: string) => settings.search_fields.includes(field);
  const countryRegions = values.country ? regions?.[values.country] : undefined;

  const countries = useMemo(
    () =>
      settings.countries
        .map((code) => ({ code, name: countryName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    [settings.countries, countryName, i18n.language],
  );
  const ages = useMemo(
    () => Array.from({ length: MAX_AGE - settings.min_age + 1 }, (_, index) => settings.min_age + index),
    [settings.min_age],
  );

  const set = (name: keyof SearchFilterValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value, ...(name === 'country' ? { countryregion: '' } : {}) }));
    if (name === 'min_age' || name === 'max_age') setAgeError(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const minAge = Number(values.min_age || settings.min_age);
    const maxAge = Number(values.max_age || MAX_AGE);
    if (minAge > maxAge) {
      setAgeError(true);
      return;
    }
    onSearch(values);
  };

  const ageErrorId = `${id}-age-error`;
  return (
    <Form noValidate onSubmit={onSubmit} role="search" aria-label={t('search.filtersLabel')} className="search-filters">
      <Row className="g-3">
        {offers('gender') && (
          <Col xs={12}>
            <Form.Group controlId={`${id}-gender`}>
              <Form.Label className="small fw-semibold mb-1">{t('search.gender')}</Form.Label>
              <Form.Select value={values.gender} onChange={(event) => set('gender', event.target.value)}>
                <option value="">{t('search.anyGender')}</option>
                {GENDERS.map((gender) => (
                  <option key={gender} value={gender}>
                    {t(`search.genders.${gender}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        )}
        {offers('country') && (
          <Col xs={12}>
            <Form.Group controlId={`${id}-country`}>
              <Form.Label className="small fw-semibold mb-1">{t('search.country')}</Form.Label>
              <Form.Select value={values.country} onChange={(event) => set('country', event.target.value)}>
                <option value="">{t('search.anyCountry')}</option>
                {countries.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        )}
        {offers('country') && offers('region') && countryRegions && countryRegions.regions.length > 0 && (
          <Col xs={12}>
            <Form.Group controlId={`${id}-region`}>
              <Form.Label className="small fw-semibold mb-1">
                {t(`accounts:regionKinds.${countryRegions.kind}`)}
              </Form.Label>
              <Form.Select value={values.countryregion} onChange={(event) => set('countryregion', event.target.value)}>
                <option value="">{t(`search.anyRegionOfKind.${countryRegions.kind}`)}</option>
                {countryRegions.regions.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        )}
        {(['min_age', 'max_age'] as const).map(
          (field) =>
            offers(field) && (
              <Col key={field} xs={6}>
                <Form.Group controlId={`${id}-${field}`}>
                  <Form.Label className="small fw-semibold mb-1">
                    {t(field === 'min_age' ? 'search.minAge' : 'search.maxAge')}
                  </Form.Label>
                  <Form.Select
                    value={values[field] || String(field === 'min_age' ? settings.min_age : MAX_AGE)}
                    onChange={(event) => set(field, event.target.value)}
                    isInvalid={ageError}
                    aria-describedby={ageError ? ageErrorId : undefined}
                  >
                    {ages.map((age) => (
                      <option key={age} value={age}>
                        {age}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </Col>
            ),
        )}
        {isMember && (
          <Col xs={12}>
            <Form.Check
              type="switch"
              id={`${id}-verified`}
              label={t('search.verifiedOnly')}
              checked={values.verified === '1'}
              onChange={(event) => set('verified', event.target.checked ? '1' : '')}
            />
          </Col>
        )}
        <Col xs={12} className="d-flex gap-2 pt-1">
          <SubmitButton className="flex-grow-1 px-4" isPending={isSearching}>
            {t('search.submit')}
          </SubmitButton>
          <Button type="button" variant="outline-secondary" onClick={onClear} disabled={isSearching}>
            {t('search.clear')}
          </Button>
        </Col>
      </Row>
      {ageError && (
        <p id={ageErrorId} className="text-danger small mt-2 mb-0" role="alert">
          {t('errors:search_age_range_invalid')}
        </p>
      )}
    </Form>
  );
}
