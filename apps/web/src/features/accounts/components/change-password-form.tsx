// Settings: change the password — old one checked ("Please check your old password"), the new one twice.
import type { FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { changePasswordRequestSchema } from '@app/contracts';
import { useChangePassword } from '../api/change-password.ts';
import { useFormValues } from '../hooks/use-form-values.ts';
import { FormErrorAlert } from './form-error-alert.tsx';
import { FormField } from './form-field.tsx';

const EMPTY = { old_password: '', password: '', password_confirmation: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation('accounts');
  const change = useChangePassword();
  const form = useFormValues(EMPTY);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(changePasswordRequestSchema);
    if (!body) return;
    change.mutate(body, {
      onSuccess: () => form.setValues(EMPTY),
      onError: (error) => form.showApiError(error),
    });
  };

  return (
    <Form noValidate onSubmit={onSubmit} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="h5 mb-3">
        {t('settings.password.title')}
      </h2>
      {change.isSuccess && (
        <Alert variant="success" role="status">
          {t('settings.password.changed')}
        </Alert>
      )}
      <FormErrorAlert error={form.formError} />
      <FormField
        name="old_password"
        type="password"
        autoComplete="current-password"
        label={t('fields.oldPassword')}
        value={form.values.old_password}
        onChange={(value) => form.setValue('old_password', value)}
        error={form.fieldErrors.old_password}
      />
      <FormField
        name="password"
        type="password"
        autoComplete="new-password"
        label={t('fields.newPassword')}
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        error={form.fieldErrors.password}
      />
      <FormField
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        label={t('fields.repeatNewPassword')}
        value={form.values.password_confirmation}
        onChange={(value) => form.setValue('password_confirmation', value)}
        error={form.fieldErrors.password_confirmation}
      />
      <Button type="submit" variant="primary" disabled={change.isPending}>
        {change.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {t('settings.password.submit')}
      </Button>
    </Form>
  );
}
