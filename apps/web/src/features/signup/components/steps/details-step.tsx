// Signup step 3: gender, sexuality, country (the site's countries), region (named per country) and city.
import { useEffect, useMemo, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { GENDERS, SEXUALITIES, SIGNUP_STEPS, signupDetailsStepSchema, type Settings } from '@app/contracts';
import { useSettings } from '../../../../lib/settings/get-settings.ts';
import { useRegions } from '../../../../lib/settings/get-regions.ts';
import { FormErrorAlert } from '../../../../components/form-error-alert.tsx';
import { FormField } from '../../../../components/form-field.tsx';
import { FormSelect } from '../../../../components/form-select.tsx';
import { UseMyLocationButton } from '../../../../components/use-my-location-button.tsx';
import { useFormValues } from '../../../../hooks/use-form-values.ts';
import { useSaveSignupStep } from '../../api/signup-step.ts';
import { readSignupDraft, writeSignupDraft } from '../../lib/signup-drafts.ts';
import { StepActions } from './step-actions.tsx';

/** zod only knows "invalid option" for an empty select; these say which choice is missing. */
const REQUIRED_MESSAGES = {
  gender: 'accounts:signup.details.genderRequired',
  sexuality: 'accounts:signup.details.sexualityRequired',
  country: 'accounts:signup.details.countryRequired',
};

/** The visitor's own country when the site serves it, else the site's preselected one. */
export function getDefaultCountry(
  settings: Pick<Settings, 'countries' | 'geoip_country' | 'geoip_selected_country'>,
): string {
  if (settings.geoip_country && settings.countries.includes(settings.geoip_country)) return settings.geoip_country;
  if (settings.countries.includes(settings.geoip_selected_country)) return settings.geoip_selected_country;
  return settings.countries[0] ?? '';
}

export function DetailsStep() {
  const { t, i18n } = useTranslation('accounts');
  const settings = useSettings();
  const regions = useRegions().data;
  const saveStep = useSaveSignupStep();
  const form = useFormValues(() => ({
    gender: '',
    sexuality: '',
    country: getDefaultCountry(settings),
    region: '',
    city: '',
    ...readSignupDraft('details'),
  }));
  const { values, setValue } = form;
  const countryRegions = regions?.[values.country];

  useEffect(() => {
    writeSignupDraft('details', values);
  }, [values]);

  const countryNames = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return settings.countries
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [settings.countries, i18n.language]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = {
      step: SIGNUP_STEPS.details,
      gender: values.gender,
      sexuality: values.sexuality,
      country: values.country,
      ...(values.region ? { region: values.region } : {}),
      ...(values.city.trim() ? { city: values.city } : {}),
    };
    const body = form.validate(signupDetailsStepSchema, input, REQUIRED_MESSAGES);
    if (body) saveStep.mutate(body, { onError: (error) => form.showApiError(error) });
  };

  return (
    <Form id={form.formId} noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h2 id="signup-step-title" className="h4 mb-3">
        {t('signup.details.title')}
      </h2>
      <FormErrorAlert error={form.formError} />
      <FormSelect
        {...form.bind('gender')}
        label={t('fields.gender')}
        placeholder={t('fields.choose')}
        options={GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
      />
      <FormSelect
        {...form.bind('sexuality')}
        label={t('fields.sexuality')}
        placeholder={t('fields.choose')}
        options={SEXUALITIES.map((sexuality) => ({ value: sexuality, label: t(`sexualities.${sexuality}`) }))}
      />
      <UseMyLocationButton
        onLocated={(geocode) => {
          setValue('country', geocode.country);
          setValue('region', geocode.region ?? '');
          setValue('city', geocode.city);
        }}
      />
      <FormSelect
        {...form.bind('country')}
        label={t('fields.country')}
        autoComplete="country"
        onChange={(value) => {
          setValue('country', value);
          setValue('region', '');
        }}
        placeholder={t('fields.choose')}
        options={countryNames.map(({ code, name }) => ({ value: code, label: name }))}
      />
      {countryRegions && countryRegions.regions.length > 0 && (
        <FormSelect
          {...form.bind('region')}
          label={t(`regionKinds.${countryRegions.kind}`)}
          placeholder={t('fields.choose')}
          options={countryRegions.regions.map((region) => ({ value: region.code, label: region.name }))}
        />
      )}
      <FormField {...form.bind('city')} label={t('fields.city')} autoComplete="address-level2" maxLength={100} />
      <Form.Text className="d-block">{t('signup.details.privacy')}</Form.Text>
      <StepActions isSaving={saveStep.isPending} submitLabel={t('signup.next')} />
    </Form>
  );
}
