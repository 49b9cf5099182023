// /login: e-mail and password; failures say "Login failed, please try again" or the lockout minutes (a banned member goes
// to /pages/ban?reason=); links to reset and signup.
import type { FormEvent } from 'react';
import { Form } from 'react-bootstrap';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema } from '@app/contracts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { paths } from '../../../config/paths.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { SignupLink } from '../../../components/signup-link.tsx';
import { banPageOf } from '../../../lib/account-ban.ts';
import { useLogin } from '../api/login.ts';
import { getLoginTarget } from '../lib/login-target.ts';

export function LoginPage() {
  const { t } = useTranslation('accounts');
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirectTo');
  const { data: user } = useUser();
  const login = useLogin();
  const navigate = useNavigate();
  const form = useFormValues({ email: '', password: '' });

  if (user) return <Navigate to={getLoginTarget(user, redirectTo)} replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(loginRequestSchema);
    if (!body) return;
    login.mutate(body, {
      onError: (error) => {
        // A banned member learns why on the ban page (with how to appeal), not in the form.
        const banPage = banPageOf(error);
        if (banPage) void navigate(banPage, { replace: true });
        else form.showApiError(error);
      },
    });
  };

  return (
    <AuthCard title={t('login.title')}>
      <PageTitle title={t('login.title')} />
      <Form id={form.formId} noValidate onSubmit={onSubmit} aria-label={t('login.title')}>
        <FormErrorAlert error={form.formError} />
        <FormField
          {...form.bind('email')}
          type="email"
          label={t('fields.email')}
          autoComplete="username"
          inputMode="email"
        />
        <FormField
          {...form.bind('password')}
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
        />
        <SubmitButton variant="primary" className="w-100" isPending={login.isPending}>
          {t('login.submit')}
        </SubmitButton>
      </Form>
      <div className="d-flex flex-column gap-2 mt-4 text-center">
        <Link to={paths.resetPassword.getHref()}>{t('login.forgotPassword')}</Link>
        <p className="mb-0 text-body-secondary">
          {t('login.noAccount')} <SignupLink>{t('login.signUp')}</SignupLink>
        </p>
      </div>
    </AuthCard>
  );
}
