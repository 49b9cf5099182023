// The search filters the site offers (settings.search_fields): gender, country, region (named per country), minimum and
// maximum age; and for members, verified members only.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useRegions } from '../../../lib/settings/get-regions.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useCountryName, useRegionLabels } from '../../../components/use-location-text.ts';
import { pickFilters, type SearchFilterValues } from '../lib/search-filters.ts';

/** Mirrors GENDERS and SEARCH_MAX_AGE of @app/contracts. */
const GENDERS = ['male', 'female'] as const;
const MAX_AGE = 99;

type FilterSelectProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option, which filters nothing. */
  anyLabel: string;
  options: { value: string; label: string }[];
};

/** One filter as a labelled select, its first option "any". */
function FilterSelect({ id, label, value, onChange, anyLabel, options }: FilterSelectProps) {
  return (
    <Col xs={12}>
      <Form.Group controlId={id}>
        <Form.Label className="small fw-semibold mb-1">{label}</Form.Label>
        <Form.Select value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{anyLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </Col>
  );
}

type LocationFiltersProps = {
  id: string;
  values: SearchFilterValues;
  offers: (field: string) => boolean;
  onChange: (field: 'country' | 'countryregion', value: string) => void;
};

/** The country, named in the interface's language, and its regions once one is chosen (named as that country names them). */
function LocationFilters({ id, values, offers, onChange }: LocationFiltersProps) {
  const { t, i18n } = useTranslation('members');
  const settings = useSettings();
  const { data: regions } = useRegions();
  const countryName = useCountryName();
  const countryRegions = values.country ? regions?.[values.country] : undefined;
  const regionLabels = useRegionLabels();
  const countries = useMemo(
    () =>
      settings.countries
        .map((code) => ({ code, name: countryName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    [settings.countries, countryName, i18n.language],
  );
  if (!offers('country')) return null;
  return (
    <>
      <FilterSelect
        id={`${id}-country`}
        label={t('search.country')}
        value={values.country}
        onChange={(value) => onChange('country', value)}
        anyLabel={t('search.anyCountry')}
        options={countries.map(({ code, name }) => ({ value: code, label: name }))}
      />
      {offers('region') && countryRegions && countryRegions.regions.length > 0 && (
        <FilterSelect
          id={`${id}-region`}
          label={regionLabels.label(values.country, countryRegions.kind)}
          value={values.countryregion}
          onChange={(value) => onChange('countryregion', value)}
          anyLabel={regionLabels.anyLabel(values.country, countryRegions.kind)}
          options={countryRegions.regions.map((region) => ({ value: region.code, label: region.name }))}
        />
      )}
    </>
  );
}

/** Search and Reset: side by side while both fit, else the reset button on a line of its own (search.css). */
function FilterActions({ isSearching, onClear }: { isSearching: boolean; onClear: () => void }) {
  const { t } = useTranslation('members');
  return (
    <Col xs={12} className="search-filter-actions d-flex flex-wrap gap-2 pt-1">
      <SubmitButton className="flex-grow-1 px-4" isPending={isSearching}>
        {t('search.submit')}
      </SubmitButton>
      <Button
        type="button"
        variant="outline-secondary"
        className="flex-grow-1"
        onClick={onClear}
        disabled={isSearching}
      >
        {t('search.clear')}
      </Button>
    </Col>
  );
}

type AgeFiltersProps = {
  id: string;
  values: SearchFilterValues;
  offers: (field: string) => boolean;
  minAge: number;
  hasError: boolean;
  errorId: string;
  onChange: (field: 'min_age' | 'max_age', value: string) => void;
};

/** Minimum and maximum age, side by side, from the site's minimum age to 99. */
function AgeFilters({ id, values, offers, minAge, hasError, errorId, onChange }: AgeFiltersProps) {
  const { t } = useTranslation('members');
  const ages = useMemo(() => Array.from({ length: MAX_AGE - minAge + 1 }, (_, index) => minAge + index), [minAge]);
  return (['min_age', 'max_age'] as const).map(
    (field) =>
      offers(field) && (
        <Col key={field} xs={6}>
          <Form.Group controlId={`${id}-${field}`}>
            <Form.Label className="small fw-semibold mb-1">
              {t(field === 'min_age' ? 'search.minAge' : 'search.maxAge')}
            </Form.Label>
            <Form.Select
              value={values[field] || String(field === 'min_age' ? minAge : MAX_AGE)}
              onChange={(event) => onChange(field, event.target.value)}
              isInvalid={hasError}
              aria-describedby={hasError ? errorId : undefined}
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
  );
}

type SearchFiltersProps = {
  /** Members may ask for verified members only (visitors see no badges to search by). */
  isMember: boolean;
  filters: SearchFilterValues;
  isSearching: boolean;
  onSearch: (filters: SearchFilterValues) => void;
  onClear: () => void;
};

export function SearchFilters({ isMember, filters, isSearching, onSearch, onClear }: SearchFiltersProps) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const id = useId();
  // The form edits a copy; the store changes on Search. The page remounts the form when the store's filters change (Clear).
  const [values, setValues] = useState<SearchFilterValues>(() => pickFilters(filters));
  const [ageError, setAgeError] = useState(false);
  const offers = (field: string) => settings.search_fields.includes(field);

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
          <FilterSelect
            id={`${id}-gender`}
            label={t('search.gender')}
            value={values.gender}
            onChange={(value) => set('gender', value)}
            anyLabel={t('search.anyGender')}
            options={GENDERS.map((gender) => ({ value: gender, label: t(`search.genders.${gender}`) }))}
          />
        )}
        <LocationFilters id={id} values={values} offers={offers} onChange={set} />
        <AgeFilters
          id={id}
          values={values}
          offers={offers}
          minAge={settings.min_age}
          hasError={ageError}
          errorId={ageErrorId}
          onChange={set}
        />
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
        <FilterActions isSearching={isSearching} onClear={onClear} />
      </Row>
      {ageError && (
        <p id={ageErrorId} className="text-danger small mt-2 mb-0" role="alert">
          {t('errors:search_age_range_invalid')}
        </p>
      )}
    </Form>
  );
}
