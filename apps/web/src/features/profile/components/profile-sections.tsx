// The profile editor's steps with fields (about you, details, interests, search preferences): each edits its part of
// the one draft (hooks/use-profile-draft.ts); the editor saves them together.
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  ABOUT_ME_MAX_LENGTH,
  BODY_TYPES,
  CITY_MAX_LENGTH,
  EYE_COLORS,
  PROFILE_GENDERS,
  SHOW_ME,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
  type OwnProfile,
} from '@app/contracts';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { useCountryName } from '../../../components/use-location-text.ts';
import { useRegions } from '../../../lib/settings/get-regions.ts';
import { UseMyLocationButton } from '../../../components/use-my-location-button.tsx';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { DateOfBirthField } from '../../signup/index.ts';
import type { ProfileDraft, TextField } from '../hooks/use-profile-draft.ts';
import { ABOUT_ME_MIN_LENGTH } from '../lib/profile-completeness.ts';
import { InterestsPicker } from './interests-picker.tsx';
import { useRegionLabels } from '../../../components/use-location-text.ts';

type SectionProps = { draft: ProfileDraft };

// ---------------------------------------------------------------------------------------------

export function AboutSection({ draft }: SectionProps) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const { values, errors, change } = draft;
  const aboutLength = values.about_me.trim().length;
  return (
    <>
      <Row className="gx-3">
        <Col md={6}>
          <FormField
            name="name"
            label={t('fields.name')}
            value={values.name}
            onChange={(value) => change('name', value)}
            error={errors.name}
            autoComplete="username"
            maxLength={30}
            isRequired
          />
        </Col>
        <Col md={6}>
          <FormSelect
            name="gender"
            label={t('fields.gender')}
            value={values.gender}
            onChange={(value) => change('gender', value)}
            error={errors.gender}
            placeholder={values.gender ? undefined : t('profileForm.choose')}
            options={PROFILE_GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
          />
        </Col>
      </Row>
      <DateOfBirthField
        value={draft.dateParts}
        minAge={settings.min_age}
        error={errors.date_of_birth}
        onChange={draft.setDatePart}
      />
      <FormField
        name="about_me"
        as="textarea"
        rows={5}
        label={t('fields.aboutMe')}
        value={values.about_me}
        maxLength={ABOUT_ME_MAX_LENGTH}
        onChange={(value) => change('about_me', value)}
        error={errors.about_me}
        placeholder={t('profileForm.aboutMePlaceholder')}
        hint={
          aboutLength > 0 && aboutLength < ABOUT_ME_MIN_LENGTH
            ? t('profileForm.aboutMeShort', { count: ABOUT_ME_MIN_LENGTH - aboutLength })
            : t('profileForm.aboutMeCount', { count: values.about_me.length, max: ABOUT_ME_MAX_LENGTH })
        }
      />
    </>
  );
}

// ---------------------------------------------------------------------------------------------

const APPEARANCE_GROUPS = [
  { field: 'body_type', label: 'bodyType', values: BODY_TYPES, keys: 'bodyTypes' },
  { field: 'hair_color', label: 'hairColor', values: HAIR_COLORS, keys: 'hairColors' },
  { field: 'eye_color', label: 'eyeColor', values: EYE_COLORS, keys: 'eyeColors' },
  { field: 'tattoos', label: 'tattoos', values: TATTOO_OPTIONS, keys: 'tattooOptions' },
] as const;

/** Where the member lives: their location found by the browser, or country, region and city. */
function LocationFields({ draft }: SectionProps) {
  const { t, i18n } = useTranslation('members');
  const settings = useSettings();
  const { data: regions } = useRegions();
  const countryName = useCountryName();
  const { values, errors } = draft;
  const countryRegions = values.country ? regions?.[values.country] : undefined;
  const regionLabels = useRegionLabels();
  const hasRegions = Boolean(countryRegions && countryRegions.regions.length > 0);
  const countries = useMemo(
    () =>
      settings.countries
        .map((code) => ({ value: code, label: countryName(code) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [settings.countries, countryName, i18n.language],
  );
  const change = (field: TextField, value: string) => {
    draft.change(field, value);
    // A region belongs to its country.
    if (field === 'country') draft.change('region', '');
  };
  return (
    <fieldset>
      <legend className="profile-legend">{t('profileForm.location')}</legend>
      <UseMyLocationButton
        onLocated={(geocode) => {
          draft.change('country', geocode.country);
          draft.change('region', geocode.region ?? '');
          draft.change('city', geocode.city);
        }}
      />
      <Row className="gx-3">
        <Col xs={12} md={hasRegions ? 4 : 6}>
          <FormSelect
            name="country"
            label={t('fields.country')}
            value={values.country}
            autoComplete="country"
            onChange={(value) => change('country', value)}
            error={errors.country}
            placeholder={values.country ? undefined : t('profileForm.choose')}
            options={countries}
          />
        </Col>
        {countryRegions && hasRegions && (
          <Col xs={6} md={4}>
            <FormSelect
              name="region"
              label={regionLabels.label(values.country, countryRegions.kind)}
              value={values.region}
              onChange={(value) => change('region', value)}
              error={errors.region}
              placeholder={t('notSet')}
              options={countryRegions.regions.map((region) => ({ value: region.code, label: region.name }))}
            />
          </Col>
        )}
        <Col xs={hasRegions ? 6 : 12} md={hasRegions ? 4 : 6}>
          <FormField
            name="city"
            label={t('fields.city')}
            value={values.city}
            autoComplete="address-level2"
            maxLength={CITY_MAX_LENGTH}
            onChange={(value) => change('city', value)}
            error={errors.city}
          />
        </Col>
      </Row>
    </fieldset>
  );
}

/** Relationship status and looks. */
function AppearanceFields({ draft }: SectionProps) {
  const { t } = useTranslation('members');
  const { values, errors } = draft;
  return (
    <fieldset>
      <legend className="profile-legend">{t('profileForm.appearance')}</legend>
      <Row className="gx-3">
        <Col xs={12} md={6} lg={4}>
          <FormSelect
            name="relationship_status"
            label={t('fields.relationshipStatus')}
            value={values.relationship_status}
            onChange={(value) => draft.change('relationship_status', value)}
            error={errors.relationship_status}
            placeholder={t('notSet')}
            options={RELATIONSHIP_STATUSES.map((value) => ({ value, label: t(`relationshipStatuses.${value}`) }))}
          />
        </Col>
        {APPEARANCE_GROUPS.map((group) => (
          <Col key={group.field} xs={6} md={6} lg={4}>
            <FormSelect
              name={group.field}
              label={t(`fields.${group.label}`)}
              value={values[group.field]}
              onChange={(value) => draft.change(group.field, value)}
              error={errors[group.field]}
              placeholder={t('notSet')}
              options={group.values.map((value) => ({ value, label: t(`${group.keys}.${value}`) }))}
            />
          </Col>
        ))}
      </Row>
    </fieldset>
  );
}

export function DetailsSection({ draft }: SectionProps) {
  return (
    <>
      <LocationFields draft={draft} />
      <AppearanceFields draft={draft} />
    </>
  );
}

// ---------------------------------------------------------------------------------------------

export function InterestsSection({ draft }: SectionProps) {
  return (
    <InterestsPicker
      value={draft.interests}
      isLegendHidden
      onChange={draft.setInterests}
      error={draft.errors.interests}
    />
  );
}

// ---------------------------------------------------------------------------------------------

export function PreferencesSection({ draft, profile }: SectionProps & { profile: OwnProfile }) {
  const { t } = useTranslation('members');
  const { values, errors, change } = draft;
  return (
    <>
      <Row className="gx-3">
        <Col md={6}>
          <FormSelect
            name="sexuality"
            label={t('fields.sexuality')}
            value={values.sexuality}
            onChange={(value) => change('sexuality', value)}
            error={errors.sexuality}
            placeholder={values.sexuality ? undefined : t('profileForm.choose')}
            options={SEXUALITIES.map((sexuality) => ({ value: sexuality, label: t(`sexualities.${sexuality}`) }))}
          />
        </Col>
        <Col md={6}>
          {/* Whom the member wants to see (docs/orientation.md); empty: as their orientation says. */}
          <FormSelect
            name="show_me"
            label={t('fields.showMe')}
            value={values.show_me}
            onChange={(value) => change('show_me', value)}
            error={errors.show_me}
            placeholder={t('showMe.byOrientation')}
            options={SHOW_ME.map((choice) => ({ value: choice, label: t(`showMe.${choice}`) }))}
          />
        </Col>
        <Col md={6}>
          <FormSelect
            name="signup_reason"
            label={t('fields.signupReason')}
            value={values.signup_reason}
            onChange={(value) => change('signup_reason', value)}
            error={errors.signup_reason}
            placeholder={t('notSet')}
            options={SIGNUP_REASONS.map((value) => ({ value, label: t(`signupReasons.${value}`) }))}
          />
        </Col>
      </Row>
      {/* Invisible mode lives on the notifications screen with the other settings (docs/notifications.md). */}
      <p className="form-text mb-0">
        {profile.is_invisible ? t('profileForm.invisibleOn') : t('profileForm.invisibleOff')}{' '}
        <Link to={paths.notifications.getHref()}>{t('profileForm.invisibleLink')}</Link>
      </p>
    </>
  );
}
