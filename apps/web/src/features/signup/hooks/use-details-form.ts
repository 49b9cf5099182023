// Signup step 3's form: gender, sexuality and the place, starting in the visitor's country; kept as a draft while
// typed, checked by the shared contract (saying which choice is missing), then saved as the step.
import { useEffect, type FormEvent } from 'react';
import { SIGNUP_STEPS, signupDetailsStepSchema, type Settings } from '@app/contracts';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useSaveSignupStep } from '../api/signup-step.ts';
import { readSignupDraft, writeSignupDraft } from '../lib/signup-drafts.ts';

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

export function useDetailsForm() {
  const settings = useSettings();
  const saveStep = useSaveSignupStep();
  const form = useFormValues(() => ({
    gender: '',
    sexuality: '',
    country: getDefaultCountry(settings),
    region: '',
    city: '',
    ...readSignupDraft('details'),
  }));
  const { values } = form;

  useEffect(() => {
    writeSignupDraft('details', values);
  }, [values]);

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

  return { form, onSubmit, isPending: saveStep.isPending };
}

export type DetailsForm = ReturnType<typeof useDetailsForm>['form'];
