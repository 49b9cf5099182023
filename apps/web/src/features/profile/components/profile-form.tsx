// The own-profile form of /profile: every profile field, validated with the shared schemas; only changed fields are sent.
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Col, Form, Row } from 'react-bootstrap';
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
  dateOfBirthSchema,
  profileFieldsSchema,
  type OwnProfile,
  type UpdateProfileRequest,
} from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { DateOfBirthField } from '../../signup/index.ts';
import { composeDateOfBirth, type DateParts } from '../../signup/index.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useRegions } from '../../../lib/settings/get-regions.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useCountryName } from '../../../components/use-location-text.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { InterestsPicker } from './interests-picker.tsx';

/** Fields edited as text; '' is "not filled in" (null for the API). */
const TEXT_FIELDS = [
  'name',
  'gender',
  'sexuality',
  'country',
  'region',
  'city',
  'relationship_status',
  'body_type',
  'hair_color',
  'eye_color',
  'tattoos',
  'signup_reason',
  'about_me',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type TextValues = Record<TextField, string>;

/** Fields the API never clears: leaving them empty is a mistake, not a choice. */
const REQUIRED_FIELDS = new Set<TextField>(['name', 'gender', 'sexuality', 'country']);

/** zod only knows "invalid option" for an empty select; these say which choice is missing. */
const REQUIRED_MESSAGES = { gender: 'gender_invalid', sexuality: 'sexuality_invalid', country: 'country_invalid' };

const OPTION_GROUPS = [
  { field: 'relationship_status', label: 'relationshipStatus', values: RELATIONSHIP_STATUSES, keys: 'relationshipStatuses' },
  { field: 'body_type', label: 'bodyType', values: BODY_TYPES, keys: 'bodyTypes' },
  { field: 'hair_color', label: 'hairColor', values: HAIR_COLORS, keys: 'hairColors' },
  { field: 'eye_color', label: 'eyeColor', values: EYE_COLORS, keys: 'eyeColors' },
  { field: 'tattoos', label: 'tattoos', values: TATTOO_OPTIONS, keys: 'tattooOptions' },
] as const;

function toTextValues(profile: OwnProfile): TextValues {
  const values = {} as TextValues;
  for (const field of TEXT_FIELDS) values[field] = profile[field] ?? '';
  return values;
}

function toDateParts(dateOfBirth: string | null): DateParts {
  const [year = '', month = '', day = ''] = (dateOfBirth ?? '').split('-');
  return { year, month: month ? String(Number(month)) : '', day: day ? String(Number(day)) : '' };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((entry, index) => entry === b[index]);

export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation('members');
  const settings = useSettings();
  const { data: regions } = useRegions();
  const countryName = useCountryName();
  const update = useUpdateProfile();
  const initial = useMemo(() => toTextValues(profile), [profile]);
  const form = useFormValues<TextValues>(() => initial);
  const { values, setValue } = form;
  const [dateParts, setDateParts] = useState<DateParts>(() => toDateParts(profile.date_of_birth));
  const [interests, setInterests] = useState<string[]>(profile.interests);
  const [isInvisible, setIsInvisible] = useState(profile.is_invisible);
  const [isSaved, setIsSaved] = useState(false);
  const countryRegions = values.country ? regions?.[values.country] : undefined;

  const countries = useMemo(
    () => settings.countries.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [settings.countries, countryName, i18n.language],
  );

  const schema = useMemo(
    () => profileFieldsSchema.extend({ date_of_birth: dateOfBirthSchema(settings.min_age) }).partial(),
    [settings.min_age],
  );

  const change = (field: TextField, value: string) => {
    setIsSaved(false);
    setValue(field, value);
    // A region belongs to its country.
    if (field === 'country') setValue('region', '');
  };

  /** What differs from the saved profile, in the API's terms. */
  const collectChanges = (): Record<string, unknown> => {
    const changes: Record<string, unknown> = {};
    for (const field of TEXT_FIELDS) {
      if (values[field] === initial[field]) continue;
      const value = values[field].trim() === '' && !REQUIRED_FIELDS.has(field) ? null : values[field];
      changes[field] = value;
    }
    const dateOfBirth = composeDateOfBirth(dateParts);
    if (dateOfBirth !== (profile.date_of_birth ?? '')) changes.date_of_birth = dateOfBirth;
    if (!sameList(interests, profile.interests)) changes.interests = interests;
    if (isInvisible !== profile.is_invisible) changes.is_invisible = isInvisible;
    return changes;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSaved(false);
    const changes = collectChanges();
    const body = form.validate(schema, changes, REQUIRED_MESSAGES) as UpdateProfileRequest | null;
    if (!body) return;
    if (Object.keys(body).length === 0) {
      setIsSaved(true);
      return;
    }
    update.mutate(body, {
      onSuccess: () => setIsSaved(true),
      onError: (error) => form.showApiError(error),
    });
  };

  const errors = form.fieldErrors;
  const choose = t('profileForm.choose');
  return (
    <Form id={form.formId} noValidate onSubmit={onSubmit} aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className="h4 mb-3">
        {t('profileForm.title')}
      </h2>
      <FormErrorAlert error={form.formError} />
      {Object.values(errors).some(Boolean) && (
        <Alert variant="danger" role="alert">
          {t('errors:validation_failed')}
        </Alert>
      )}

      <fieldset className="mb-2">
        <legend className="h6 text-uppercase text-body-secondary small fw-bold mb-3">{t('profileForm.basics')}</legend>
        <Row className="gx-3">
          <Col md={6}>
            <FormField name="name" label={t('fields.name')} value={values.name} onChange={(value) => change('name', value)} error={errors.name} autoComplete="username" maxLength={30} isRequired />
          </Col>
          <Col md={6}>
            <DateOfBirthField
              value={dateParts}
              minAge={settings.min_age}
              error={errors.date_of_birth}
              onChange={(part, value) => {
                setIsSaved(false);
                setDateParts((current) => ({ ...current, [part]: value }));
                form.clearFieldError('date_of_birth');
              }}
            />
          </Col>
          <Col md={6}>
            <FormSelect
              name="gender"
              label={t('fields.gender')}
              value={values.gender}
              onChange={(value) => change('gender', value)}
              error={errors.gender}
              placeholder={values.gender ? undefined : choose}
              options={GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
            />
          </Col>
          <Col md={6}>
            <FormSelect
              name="sexuality"
              label={t('fields.sexuality')}
              value={values.sexuality}
              onChange={(value) => change('sexuality', value)}
              error={errors.sexuality}
              placeholder={values.sexuality ? undefined : choose}
              options={SEXUALITIES.map((sexuality) => ({ value: sexuality, label: t(`sexualities.${sexuality}`) }))}
            />
          </Col>
        </Row>
      </fieldset>

      <fieldset className="mb-2">
        <legend className="h6 text-uppercase text-body-secondary small fw-bold mb-3">{t('profileForm.location')}</legend>
        <Row className="gx-3">
          <Col md={4}>
            <FormSelect
              name="country"
              label={t('fields.country')}
              value={values.country}
              autoComplete="country"
              onChange={(value) => change('country', value)}
              error={errors.country}
              placeholder={values.country ? undefined : choose}
              options={countries}
            />
          </Col>
          {countryRegions && countryRegions.regions.length > 0 && (
            <Col md={4}>
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
          <Col md={4}>
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

      <fieldset className="mb-2">
        <legend className="h6 text-uppercase text-body-secondary small fw-bold mb-3">{t('profileForm.appearance')}</legend>
        <Row className="gx-3">
          {OPTION_GROUPS.map((group) => (
            <Col key={group.field} sm={6} lg={4}>
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
          <Col sm={6} lg={4}>
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
      </fieldset>

      <InterestsPicker
        value={interests}
        onChange={(next) => {
          setIsSaved(false);
          setInterests(next);
          form.clearFieldError('interests');
        }}
        error={errors.interests}
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
        hint={t('profileForm.aboutMeCount', { count: values.about_me.length, max: ABOUT_ME_MAX_LENGTH })}
      />

      <Form.Group className="mb-4" controlId="profile-invisible">
        <Form.Check
          type="switch"
          label={t('fields.invisible')}
          checked={isInvisible}
          onChange={(event) => {
            setIsSaved(false);
            setIsInvisible(event.target.checked);
          }}
          aria-describedby="profile-invisible-help"
        />
        <Form.Text id="profile-invisible-help">{t('fields.invisibleHelp')}</Form.Text>
      </Form.Group>

      <div className="d-flex flex-wrap align-items-center gap-3">
        <SubmitButton size="lg" className="px-5" isPending={update.isPending}>
          {t('profile.save')}
        </SubmitButton>
        <span role="status" className="text-success fw-semibold">
          {isSaved ? t('profile.saved') : ''}
        </span>
      </div>
    </Form>
  );
}
