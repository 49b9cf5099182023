// "Send the e-mail again": resends the activation mail and says whether it went (or why not).
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { toFormErrors, translateError } from '../../../lib/form-errors.ts';
import { useResendActivationMail } from '../api/resend-activation.ts';

export function ResendActivationButton({
  variant = 'outline-primary',
  size,
}: {
  variant?: string;
  size?: 'sm' | 'lg';
}) {
  const { t } = useTranslation('accounts');
  const resend = useResendActivationMail();
  const error = resend.isError ? toFormErrors(resend.error).form : null;
  return (
    <div className="d-inline-flex flex-column gap-2 align-items-start">
      <Button variant={variant} size={size} onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        {t('activation.resend')}
      </Button>
      <div role="status" aria-live="polite" className="small">
        {resend.isSuccess && <span className="text-success">{t('activation.resent')}</span>}
        {error && <span className="text-danger">{translateError(t, error)}</span>}
      </div>
    </div>
  );
}
