// Settings: change the password — old one checked ("Please check your old password"), the new one twice.
import type { FormEvent } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { changePasswordRequestSchema } from '@app/contracts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';

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
    <Form id={form.formId} noValidate onSubmit={onSubmit} aria-labelledby="change-password-title">
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
        {...form.bind('old_password')}
        type="password"
        autoComplete="current-password"
        label={t('fields.oldPassword')}
      />
      <NewPasswordFields bind={form.bind} />
      <SubmitButton variant="primary" isPending={change.isPending}>
        {t('settings.password.submit')}
      </SubmitButton>
    </Form>
  );
}
