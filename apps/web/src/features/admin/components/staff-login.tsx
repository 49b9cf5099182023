// The console's login (everybody who is not signed-in staff sees it at /admin, members included): e-mail, password
// and the authenticator's 6-digit code in one step; a failure says so without telling which part was wrong.
import type { FormEvent } from 'react';
import { Card, Container, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { staffLoginRequestSchema } from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { adminFormError } from '../lib/admin-errors.ts';
import { useStaffLogin } from '../api/staff-login.ts';

export function StaffLogin() {
  const { t } = useTranslation('admin');
  const login = useStaffLogin();
  const form = useFormValues({ email: '', password: '', code: '' });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(staffLoginRequestSchema);
    if (!body) return;
    login.mutate(body, {
      onError: (error) => {
        form.showApiError(error);
        // A code is good for one try.
        form.setValues((current) => ({ ...current, code: '' }));
      },
    });
  };

  return (
    <Container as="main" className="py-5" style={{ maxWidth: 440 }}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4 mb-1">{t('login.title')}</h1>
          <p className="text-body-secondary small">{t('login.intro')}</p>
          <Form id={form.formId} noValidate onSubmit={submit} aria-label={t('login.title')}>
            <FormErrorAlert error={adminFormError(form.formError)} />
            <FormField
              {...form.bind('email')}
              label={t('login.email')}
              type="email"
              autoComplete="username"
              inputMode="email"
            />
            <FormField
              {...form.bind('password')}
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
            />
            <FormField
              {...form.bind('code')}
              label={t('login.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
            <SubmitButton className="w-100" isPending={login.isPending}>
              {t('login.submit')}
            </SubmitButton>
          </Form>
        </Card.Body>
      </Card>
    </Container>
  );
}
