// Signup step 0: e-mail (with "Did you mean …?"), username, password, date of birth and, from a member's page, a first message.
import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { SIGNUP_MESSAGE_MAX_LENGTH } from '@app/contracts';
import { SubmitButton } from '../../../../components/submit-button.tsx';
import { paths } from '../../../../config/paths.ts';
import { useSettings } from '../../../../lib/settings/get-settings.ts';
import { FormErrorAlert } from '../../../../components/form-error-alert.tsx';
import { FormField } from '../../../../components/form-field.tsx';
import { useEmailSuggestion } from '../../api/get-email-suggestion.ts';
import { useAccountForm, type AccountForm } from '../../hooks/use-account-form.ts';
import { DateOfBirthField } from '../date-of-birth-field.tsx';

export function AccountStep({ targetProfileId }: { targetProfileId?: number }) {
  const { t } = useTranslation('accounts');
  const settings = useSettings();
  const { form, onSubmit, isPending } = useAccountForm(targetProfileId);
  const formErrorCode = form.formError?.code;
  return (
    <Form id={form.formId} noValidate onSubmit={onSubmit} aria-labelledby="signup-step-title">
      <h2 id="signup-step-title" className="h4 mb-3">
        {t('signup.account.title')}
      </h2>
      <FormErrorAlert error={form.formError}>
        {formErrorCode === 'account_exists' && (
          <div className="mt-2">
            <Link to={paths.login.getHref()} className="alert-link">
              {t('signup.account.goToLogin')}
            </Link>
          </div>
        )}
      </FormErrorAlert>
      {targetProfileId !== undefined && (
        <FormField
          {...form.bind('signup_message')}
          as="textarea"
          rows={3}
          label={t('fields.signupMessage')}
          maxLength={SIGNUP_MESSAGE_MAX_LENGTH}
          error={form.fieldErrors.signup_message ?? form.fieldErrors.target_profile_id}
        />
      )}
      <EmailField form={form} />
      <FormField {...form.bind('username')} label={t('fields.username')} autoComplete="nickname" />
      <FormField {...form.bind('password')} type="password" label={t('fields.password')} autoComplete="new-password" />
      <DateOfBirthField
        value={form.values}
        minAge={settings.min_age}
        onChange={(part, value) => {
          form.setValue(part, value);
          form.clearFieldError('date_of_birth');
        }}
        error={form.fieldErrors.date_of_birth}
      />
      <p className="small text-body-secondary">
        <Trans
          t={t}
          i18nKey="signup.account.terms"
          components={{
            terms: <Link to={paths.staticPage.getHref('terms')} />,
            privacy: <Link to={paths.staticPage.getHref('privacy')} />,
          }}
        />
      </p>
      <SubmitButton variant="primary" className="w-100" isPending={isPending}>
        {t('signup.account.submit')}
      </SubmitButton>
    </Form>
  );
}

/**
 * The e-mail, checked on leaving the field for a likely typo ("Did you mean …?", one click takes it); an address of
 * a deleted account points to support.
 */
function EmailField({ form }: { form: AccountForm }) {
  const { t } = useTranslation('accounts');
  const settings = useSettings();
  const { values, setValue } = form;
  const [checkedEmail, setCheckedEmail] = useState('');
  const suggestion = useEmailSuggestion(checkedEmail).data;
  const isSuggestionShown = Boolean(suggestion) && values.email.trim().toLowerCase() === checkedEmail;
  return (
    <FormField
      {...form.bind('email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      label={t('fields.email')}
      onBlur={() => setCheckedEmail(values.email.trim().toLowerCase())}
    >
      {form.fieldErrors.email?.code === 'deleted_account_exists' && (
        <Alert variant="warning" className="py-2 px-3 mt-2 mb-0 small">
          <Trans
            t={t}
            i18nKey="signup.account.reactivateHint"
            values={{ email: settings.support_email }}
            components={{ support: <a href={`mailto:${settings.support_email}`} className="alert-link" /> }}
          />
        </Alert>
      )}
      {isSuggestionShown && suggestion && (
        <Alert variant="info" className="py-2 px-3 mt-2 mb-0 small" role="status">
          <Button
            variant="link"
            className="p-0 align-baseline text-start"
            onClick={() => {
              setValue('email', suggestion);
              setCheckedEmail(suggestion);
            }}
          >
            {t('emailSuggestion', { suggestion })}
          </Button>
        </Alert>
      )}
    </FormField>
  );
}
