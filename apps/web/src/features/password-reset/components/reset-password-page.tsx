// /reset-password: asks for the e-mail address and mails a reset link.
import type { FormEvent } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPasswordRequestSchema } from '@app/contracts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const request = useRequestPasswordReset();
  const form = useFormValues({ email: '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(resetPasswordRequestSchema);
    if (body) request.mutate(body, { onError: (error) => form.showApiError(error) });
  };

  return (
    <AuthCard title={t('resetPassword.title')}>
      <PageTitle title={t('resetPassword.title')} />
      {request.isSuccess ? (
        <Alert variant="success" role="status">
          {t('resetPassword.sent', { email: request.variables.email })}
        </Alert>
      ) : (
        <Form id={form.formId} noValidate onSubmit={onSubmit} aria-label={t('resetPassword.title')}>
          <p className="text-body-secondary">{t('resetPassword.intro')}</p>
          <FormErrorAlert error={form.formError} />
          <FormField
            {...form.bind('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            label={t('fields.email')}
          />
          <SubmitButton variant="primary" className="w-100" isPending={request.isPending}>
            {t('resetPassword.submit')}
          </SubmitButton>
        </Form>
      )}
      <p className="mt-4 mb-0 text-center">
        <Link to={paths.login.getHref()}>{t('resetPassword.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
