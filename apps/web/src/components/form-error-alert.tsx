// The form-level error of an account form (translated from its code), announced to screen readers.
import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { translateError, type FormError } from '../lib/form-errors.ts';

export function FormErrorAlert({ error, children }: { error: FormError | null; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert variant="danger" role="alert" className="mb-3">
      {translateError(t, error)}
      {children}
    </Alert>
  );
}
