// Signup step 3: gender, sexuality, country (the site's countries), region (named per country) and city.
import { useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { GENDERS, SEXUALITIES } from '@app/contracts';
import { useSettings } from '../../../../lib/settings/get-settings.ts';
import { useRegions } from '../../../../lib/settings/get-regions.ts';
import { FormErrorAlert } from '../../../../components/form-error-alert.tsx';
import { FormField } from '../../../../components/form-field.tsx';
import { FormSelect } from '../../../../components/form-select.tsx';
import { UseMyLocationButton } from '../../../../components/use-my-location-button.tsx';
import { useRegionLabels } from '../../../../components/use-location-text.ts';
import { useDetailsForm, type DetailsForm } from '../../hooks/use-details-form.ts';
import { StepActions } from './step-actions.tsx';

export function DetailsStep() {
  const { t } = useTranslation('accounts');
  const { form, onSubmit, isPending } = useDetailsForm();
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
      <PlaceFields form={form} />
      <Form.Text className="d-block">{t('signup.details.privacy')}</Form.Text>
      <StepActions isSaving={isPending} submitLabel={t('signup.next')} />
    </Form>
  );
}

/** "Use my location", then the country (the site's, by name), its regions when it has them, and the city. */
function PlaceFields({ form }: { form: DetailsForm }) {
  const { t, i18n } = useTranslation('accounts');
  const settings = useSettings();
  const regions = useRegions().data;
  const { values, setValue } = form;
  const countryRegions = regions?.[values.country];
  const regionLabels = useRegionLabels();

  const countryNames = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return settings.countries
      .map((code) => ({ code, name: names.of(code) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  }, [settings.countries, i18n.language]);

  return (
    <>
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
          label={regionLabels.label(values.country, countryRegions.kind)}
          placeholder={t('fields.choose')}
          options={countryRegions.regions.map((region) => ({ value: region.code, label: region.name }))}
        />
      )}
      <FormField {...form.bind('city')} label={t('fields.city')} autoComplete="address-level2" maxLength={100} />
    </>
  );
}
