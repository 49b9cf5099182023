// The form's error on /directdebit's two steps, with the way to the other payment methods when direct debit itself
// was refused (blocked, limit reached, not offered); `children` add a step's own way out.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import type { FormError } from '../../../lib/form-errors.ts';
import { OTHER_METHOD_ERRORS } from '../lib/direct-debit.ts';

type DirectDebitRefusalProps = { error: FormError | null; otherMethodsHref: string; children?: ReactNode };

export function DirectDebitRefusal({ error, otherMethodsHref, children }: DirectDebitRefusalProps) {
  const { t } = useTranslation('payments');
  return (
    <FormErrorAlert error={error}>
      {error && OTHER_METHOD_ERRORS.has(error.code) && (
        <>
          {' '}
          <Link to={otherMethodsHref} className="alert-link">
            {t('directDebit.otherMethod')}
          </Link>
        </>
      )}
      {children}
    </FormErrorAlert>
  );
}
