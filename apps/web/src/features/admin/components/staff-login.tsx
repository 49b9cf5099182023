// The console's login (everybody who is not signed-in staff sees it at /admin, members included): e-mail, password
// and the authenticator's 6-digit code in one step; a failure says so without telling which part was wrong.
import { useState, type FormEvent } from 'react';
import { Button, Card, Container, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { staffLoginRequestSchema } from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { toFieldErrors, toFormErrors, translateError, type FieldErrors } from '../../../lib/form-errors.ts';
import { toAdminFormError } from '../lib/admin-errors.ts';
import { useStaffLogin } from '../api/staff.ts';

export function StaffLogin() {
  const { t } = useTranslation('admin');
  const login = useStaffLogin();
  const [values, setValues] = useState({ email: '', password: '', code: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const apiErrors = login.error ? toFormErrors(login.error) : null;
  const errors = { ...apiErrors?.fields, ...fieldErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffLoginRequestSchema.safeParse(values);
    if (!parsed.success) {
      const next = toFieldErrors(parsed.error.issues);
      setFieldErrors(next);
      const first = (['email', 'password', 'code'] as const).find((field) => next[field]);
      if (first) document.getElementById(`staff-${first}`)?.focus();
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, { onError: () => setValues((current) => ({ ...current, code: '' })) });
  };

  const field = (name: 'email' | 'password' | 'code', props: Record<string, unknown>) => (
    <Form.Group className="mb-3" controlId={`staff-${name}`}>
      <Form.Label>{t(`login.${name}`)}</Form.Label>
      <Form.Control
        value={values[name]}
        isInvalid={Boolean(errors[name])}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        {...props}
      />
      {errors[name] && <Form.Control.Feedback type="invalid">{translateError(t, errors[name])}</Form.Control.Feedback>}
    </Form.Group>
  );

  return (
    <Container as="main" className="py-5" style={{ maxWidth: 440 }}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4 mb-1">{t('login.title')}</h1>
          <p className="text-body-secondary small">{t('login.intro')}</p>
          <Form noValidate onSubmit={submit} aria-label={t('login.title')}>
            <FormErrorAlert error={login.error ? toAdminFormError(login.error) : null} />
            {field('email', { type: 'email', autoComplete: 'username', inputMode: 'email' })}
            {field('password', { type: 'password', autoComplete: 'current-password' })}
            {field('code', { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9]{6}', maxLength: 6 })}
            <Button type="submit" className="w-100" disabled={login.isPending}>
              {login.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
              {t('login.submit')}
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </Container>
  );
}
