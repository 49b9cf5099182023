// Signup step 2: a few words about yourself (optional; Skip saves the step empty).
import { useEffect, type FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ABOUT_ME_MAX_LENGTH, SIGNUP_STEPS, signupAboutMeStepSchema } from '@app/contracts';
import { FormErrorAlert } from '../../../../components/form-error-alert.tsx';
import { FormField } from '../../../../components/form-field.tsx';
import { useFormValues } from '../../../../hooks/use-form-values.ts';
import { useSaveSignupStep } from '../../api/signup-step.ts';
import { readSignupDraft, writeSignupDraft } from '../../lib/signup-drafts.ts';
import { StepActions } from './step-actions.tsx';

export function AboutMeStep() {
  const { t } = useTranslation('accounts');
  const saveStep = useSaveSignupStep();
  const form = useFormValues(() => ({ about_me: '', ...readSignupDraft('about_me') }));
  const { values } = form;

  useEffect(() => {
    writeSignupDraft('about_me', values);
  }, [values]);

  const save = (aboutMe: string) => {
    const body = form.validate(signupAboutMeStepSchema, { step: SIGNUP_STEPS.aboutMe, about_me: aboutMe });
    if (body) saveStep.mutate(body, { onError: (error) => form.showApiError(error) });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save(values.about_me);
  };

  return (
    <Form id={form.formId} noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h2 id="signup-step-title" className="h4 mb-2">
        {t('signup.aboutMe.title')}
      </h2>
      <p className="text-body-secondary">{t('signup.aboutMe.intro')}</p>
      <FormErrorAlert error={form.formError} />
      <FormField
        {...form.bind('about_me')}
        as="textarea"
        rows={5}
        label={t('fields.aboutMe')}
        maxLength={ABOUT_ME_MAX_LENGTH}
        hint={t('signup.aboutMe.count', { length: values.about_me.length, max: ABOUT_ME_MAX_LENGTH })}
      />
      <StepActions
        isSaving={saveStep.isPending}
        submitLabel={t('signup.next')}
        skipLabel={t('signup.skip')}
        onSkip={() => save('')}
      />
    </Form>
  );
}
