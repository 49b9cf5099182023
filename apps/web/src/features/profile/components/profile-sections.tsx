// The profile editor's sections with fields (about you, details, interests, search preferences): each a form of its
// own that sends only its changed fields, validated with the shared schemas, with its own errors and confirmation.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  ABOUT_ME_MAX_LENGTH,
  BODY_TYPES,
  CITY_MAX_LENGTH,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
  type OwnProfile,
  type UpdateProfileRequest,
} from '@app/contracts';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { useCountryName } from '../../../components/use-location-text.ts';
import { useRegions } from '../../../lib/settings/get-regions.ts';
import { UseMyLocationButton } from '../../../components/use-my-location-button.tsx';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { DateOfBirthField, composeDateOfBirth, type DateParts } from '../../signup/index.ts';
import { useProfileSection } from '../hooks/use-profile-section.ts';
import { ABOUT_ME_MIN_LENGTH } from '../lib/profile-completeness.ts';
import { InterestsPicker } from './interests-picker.tsx';
import { SectionForm } from './profile-section.tsx';

type SectionProps = { profile: OwnProfile };

function toDateParts(dateOfBirth: string | null): DateParts {
  const [year = '', month = '', day = ''] = (dateOfBirth ?? '').split('-');
  return { year, month: month ? String(Number(month)) : '', day: day ? String(Number(day)) : '' };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((entry, index) => entry === b[index]);

// ---------------------------------------------------------------------------------------------

const ABOUT_FIELDS = ['name', 'gender', 'about_me'] as const;

export function AboutSection({ profile }: SectionProps) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const [dateParts, setDateParts] = useState<DateParts>(() => toDateParts(profile.date_of_birth));
  const dateOfBirth = composeDateOfBirth(dateParts);
  const isDateDirty = dateOfBirth !== (profile.date_of_birth ?? '');
  const section = useProfileSection({
    profile,
    fields: ABOUT_FIELDS,
    isExtraDirty: isDateDirty,
    collectExtraChanges: (): UpdateProfileRequest => (isDateDirty ? { date_of_birth: dateOfBirth } : {}),
    onSaved: (saved) => setDateParts(toDateParts(saved.date_of_birth)),
  });
  const { values, errors, change } = section;
  const aboutLength = values.about_me.trim().length;
  return (
    <SectionForm
      section="about"
      formId={section.form.formId}
      onSubmit={section.onSubmit}
      formError={section.form.formError}
      fieldErrors={errors}
      isDirty={section.isDirty}
      isSaved={section.isSaved}
      isPending={section.isPending}
    >
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
            options={GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
          />
        </Col>
      </Row>
      <DateOfBirthField
        value={dateParts}
        minAge={settings.min_age}
        error={errors.date_of_birth}
        onChange={(part, value) => {
          section.touch();
          setDateParts((current) => ({ ...current, [part]: value }));
          section.form.clearFieldError('date_of_birth');
        }}
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
    </SectionForm>
  );
}

// ---------------------------------------------------------------------------------------------

const DETAIL_FIELDS = [
  'country',
  'region',
  'city',
  'relationship_status',
  'body_type',
  'hair_color',
  'eye_color',
  'tattoos',
] as const;

const APPEARANCE_GROUPS = [
  { field: 'body_type', label: 'bodyType', values: BODY_TYPES, keys: 'bodyTypes' },
  { field: 'hair_color', label: 'hairColor', values: HAIR_COLORS, keys: 'hairColors' },
  { field: 'eye_color', label: 'eyeColor', values: EYE_COLORS, keys: 'eyeColors' },
  { field: 'tattoos', label: 'tattoos', values: TATTOO_OPTIONS, keys: 'tattooOptions' },
] as const;

export function DetailsSection({ profile }: SectionProps) {
  const { t, i18n } = useTranslation('members');
  const settings = useSettings();
  const { data: regions } = useRegions();
  const countryName = useCountryName();
  const section = useProfileSection({ profile, fields: DETAIL_FIELDS });
  const { values, errors } = section;
  const countryRegions = values.country ? regions?.[values.country] : undefined;
  const hasRegions = Boolean(countryRegions && countryRegions.regions.length > 0);
  const countries = useMemo(
    () =>
      settings.countries
        .map((code) => ({ value: code, label: countryName(code) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [settings.countries, countryName, i18n.language],
  );
  const change = (field: (typeof DETAIL_FIELDS)[number], value: string) => {
    section.change(field, value);
    // A region belongs to its country.
    if (field === 'country') section.change('region', '');
  };
  return (
    <SectionForm
      section="details"
      formId={section.form.formId}
      onSubmit={section.onSubmit}
      formError={section.form.formError}
      fieldErrors={errors}
      isDirty={section.isDirty}
      isSaved={section.isSaved}
      isPending={section.isPending}
    >
      <fieldset>
        <legend className="profile-legend">{t('profileForm.location')}</legend>
        <UseMyLocationButton
          onLocated={(geocode) => {
            section.change('country', geocode.country);
            section.change('region', geocode.region ?? '');
            section.change('city', geocode.city);
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
                label={t(`accounts:regionKinds.${countryRegions.kind}`)}
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
      <fieldset>
        <legend className="profile-legend">{t('profileForm.appearance')}</legend>
        <Row className="gx-3">
          <Col xs={12} md={6} lg={4}>
            <FormSelect
              name="relationship_status"
              label={t('fields.relationshipStatus')}
              value={values.relationship_status}
              onChange={(value) => change('relationship_status', value)}
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
                onChange={(value) => change(group.field, value)}
                error={errors[group.field]}
                placeholder={t('notSet')}
                options={group.values.map((value) => ({ value, label: t(`${group.keys}.${value}`) }))}
              />
            </Col>
          ))}
        </Row>
      </fieldset>
    </SectionForm>
  );
}

// ---------------------------------------------------------------------------------------------

const NO_TEXT_FIELDS = [] as const;

export function InterestsSection({ profile }: SectionProps) {
  const [interests, setInterests] = useState<string[]>(profile.interests);
  const isChanged = !sameList(interests, profile.interests);
  const section = useProfileSection({
    profile,
    fields: NO_TEXT_FIELDS,
    isExtraDirty: isChanged,
    collectExtraChanges: (): UpdateProfileRequest => (isChanged ? { interests } : {}),
    onSaved: (saved) => setInterests(saved.interests),
  });
  return (
    <SectionForm
      section="interests"
      formId={section.form.formId}
      onSubmit={section.onSubmit}
      formError={section.form.formError}
      fieldErrors={section.errors}
      isDirty={section.isDirty}
      isSaved={section.isSaved}
      isPending={section.isPending}
    >
      <InterestsPicker
        value={interests}
        isLegendHidden
        onChange={(next) => {
          section.touch();
          setInterests(next);
          section.form.clearFieldError('interests');
        }}
        error={section.errors.interests}
      />
    </SectionForm>
  );
}

// ---------------------------------------------------------------------------------------------

const PREFERENCE_FIELDS = ['sexuality', 'signup_reason'] as const;

export function PreferencesSection({ profile }: SectionProps) {
  const { t } = useTranslation('members');
  const section = useProfileSection({ profile, fields: PREFERENCE_FIELDS });
  const { values, errors, change } = section;
  return (
    <SectionForm
      section="preferences"
      formId={section.form.formId}
      onSubmit={section.onSubmit}
      formError={section.form.formError}
      fieldErrors={errors}
      isDirty={section.isDirty}
      isSaved={section.isSaved}
      isPending={section.isPending}
    >
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
      <p className="form-text mb-4">
        {profile.is_invisible ? t('profileForm.invisibleOn') : t('profileForm.invisibleOff')}{' '}
        <Link to={paths.notifications.getHref()}>{t('profileForm.invisibleLink')}</Link>
      </p>
    </SectionForm>
  );
}
