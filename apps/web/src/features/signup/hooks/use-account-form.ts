// Signup step 0's form: its values kept as a draft while typed (cleared once the account exists), checked by the
// shared contract with the site's minimum age, then sent with the visit's tracking.
import { useEffect, type FormEvent } from 'react';
import { signupAccountFormSchema } from '@app/contracts';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { readTracking } from '../../../lib/tracking.ts';
import { useSignupAccount } from '../api/signup-account.ts';
import { composeDateOfBirth } from '../lib/date-of-birth.ts';
import { clearSignupDraft, readSignupDraft, writeSignupDraft } from '../lib/signup-drafts.ts';

const EMPTY = { email: '', username: '', password: '', day: '', month: '', year: '', signup_message: '' };

export type AccountForm = ReturnType<typeof useFormValues<typeof EMPTY>>;

export function useAccountForm(targetProfileId: number | undefined) {
  const settings = useSettings();
  const signup = useSignupAccount();
  const form = useFormValues(() => ({ ...EMPTY, ...readSignupDraft('account') }));
  const { values } = form;

  useEffect(() => {
    writeSignupDraft('account', values);
  }, [values]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = {
      email: values.email,
      username: values.username,
      password: values.password,
      date_of_birth: composeDateOfBirth(values),
      ...(targetProfileId && values.signup_message.trim()
        ? { signup_message: values.signup_message, target_profile_id: targetProfileId }
        : {}),
    };
    const body = form.validate(signupAccountFormSchema(settings.min_age), input);
    if (!body) return;
    signup.mutate(
      { ...body, tracking: readTracking() },
      {
        onSuccess: () => clearSignupDraft('account'),
        onError: (error) => form.showApiError(error),
      },
    );
  };

  return { form, onSubmit, isPending: signup.isPending };
}
