// The form-level error of a form (translated from its code), announced to screen readers; the summary a failed submit focuses.
import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { translateError, type FormError } from '../lib/form-errors.ts';

export function FormErrorAlert({ error, children }: { error: FormError | null; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert variant="danger" role="alert" className="mb-3" tabIndex={-1} data-form-error-summary>
      {translateError(t, error)}
      {children}
    </Alert>
  );
}
