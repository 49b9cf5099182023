// /reset-password/do?token= : the new password twice; an expired or used link offers to request a new mail.
import type { FormEvent } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPasswordDoRequestSchema } from '@app/contracts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { HOME_AFTER_LOGIN, paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useResetTokenCheck } from '../api/check-reset-token.ts';
import { useResetPassword } from '../api/reset-password.ts';

function LinkInvalid() {
  const { t } = useTranslation('accounts');
  return (
    <>
      <Alert variant="danger" role="alert">
        {t('errors:link_invalid')}
      </Alert>
      <Link to={paths.resetPassword.getHref()} className="btn btn-primary">
        {t('resetPassword.requestNew')}
      </Link>
    </>
  );
}

export function ResetPasswordDoPage() {
  const { t } = useTranslation('accounts');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const check = useResetTokenCheck(token);
  const reset = useResetPassword();
  const form = useFormValues({ password: '', password_confirmation: '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(resetPasswordDoRequestSchema, { token, ...form.values });
    if (body) reset.mutate(body, { onError: (error) => form.showApiError(error) });
  };

  const renderContent = () => {
    if (reset.isSuccess) {
      return (
        <>
          <Alert variant="success" role="status">
            {t('resetPassword.done')}
          </Alert>
          <Link to={HOME_AFTER_LOGIN} className="btn btn-primary">
            {t('resetPassword.continue')}
          </Link>
        </>
      );
    }
    if (token === '' || check.isError || form.formError?.code === 'link_invalid' || form.fieldErrors.token)
      return <LinkInvalid />;
    if (check.isPending) return <LoadingSpinner />;
    return (
      <Form id={form.formId} noValidate onSubmit={onSubmit} aria-label={t('resetPassword.newTitle')}>
        <FormErrorAlert error={form.formError} />
        <NewPasswordFields bind={form.bind} />
        <SubmitButton variant="primary" className="w-100" isPending={reset.isPending}>
          {t('resetPassword.save')}
        </SubmitButton>
      </Form>
    );
  };

  return (
    <AuthCard title={t('resetPassword.newTitle')}>
      <PageTitle title={t('resetPassword.newTitle')} />
      {renderContent()}
    </AuthCard>
  );
}
