// Settings: change the e-mail address (new address and current password); the change waits for the link mailed to the new address.
import type { FormEvent } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { mailChangeRequestSchema, type User } from '@app/contracts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useRequestMailChange } from '../api/request-mail-change.ts';

export function ChangeEmailForm({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const request = useRequestMailChange();
  const form = useFormValues({ email: '', password: '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(mailChangeRequestSchema);
    if (!body) return;
    request.mutate(body, {
      onSuccess: () => form.setValues({ email: '', password: '' }),
      onError: (error) => form.showApiError(error),
    });
  };

  return (
    <Form id={form.formId} noValidate onSubmit={onSubmit} aria-labelledby="change-email-title">
      <h2 id="change-email-title" className="h5 mb-3">
        {t('settings.email.title')}
      </h2>
      <p className="text-body-secondary">{t('settings.email.current', { email: user.email })}</p>
      {request.isSuccess && (
        <Alert variant="success" role="status">
          {t('settings.email.sent', { email: request.variables.email })}
        </Alert>
      )}
      {/* A taken address is said beside the field; the signup's "Please log in" would mislead a member who is logged in. */}
      <FormErrorAlert error={form.formError?.code === 'account_exists' ? null : form.formError} />
      <FormField
        {...form.bind('email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        label={t('fields.newEmail')}
      />
      <FormField
        {...form.bind('password')}
        type="password"
        autoComplete="current-password"
        label={t('fields.currentPassword')}
      />
      <SubmitButton variant="primary" isPending={request.isPending}>
        {t('settings.email.submit')}
      </SubmitButton>
    </Form>
  );
}
