// Step 2 of /directdebit: the code texted to the member's (masked) mobile number. A wrong code says "Code invalid" on the
// field; a new code may be asked for once the cooldown is over (the button counts down); an expired code says so and
// offers a new one. The right code submits the debit and opens its order, pending until the bank settles it.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DIRECT_DEBIT_CODE_LENGTH, DIRECT_DEBIT_CODE_MINUTES } from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toFormErrors, translateError, type FormError } from '../../../lib/form-errors.ts';
import { useResendDirectDebitCode } from '../api/resend-direct-debit-code.ts';
import type { DirectDebitState } from '../api/start-direct-debit.ts';
import { useVerifyDirectDebit } from '../api/verify-direct-debit.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { cleanCode, codeDeadlines, codeError, OTHER_METHOD_ERRORS } from '../lib/direct-debit.ts';
import { formatMoney } from '../../../lib/money.ts';

type DirectDebitCodeFormProps = {
  state: DirectDebitState;
  /** When the browser received `state` (its deadlines count from then). */
  receivedAt: number;
  otherMethodsHref: string;
  onResent: (state: DirectDebitState, receivedAt: number) => void;
  onChangeDetails: () => void;
  onOrdered: (orderId: number) => void;
};

export function DirectDebitCodeForm({
  state,
  receivedAt,
  otherMethodsHref,
  onResent,
  onChangeDetails,
  onOrdered,
}: DirectDebitCodeFormProps) {
  const { t, i18n } = useTranslation('payments');
  const { t: tErrors } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useFormValues({ code: '' });
  const { code } = form.values;
  const fieldError = form.fieldErrors.code;
  const { formError } = form;
  const [isRefusedAsExpired, setIsRefusedAsExpired] = useState(false);
  // The server's "wait N seconds" wins over the browser's own count.
  const [wait, setWait] = useState<{ until: number; since: number } | null>(null);
  const verify = useVerifyDirectDebit(onOrdered);
  const resend = useResendDirectDebitCode();

  const deadlines = useMemo(() => codeDeadlines(state, receivedAt), [state, receivedAt]);
  const resendAt = wait?.until ?? deadlines.resendAt;
  const tick = useNow(Math.max(resendAt, deadlines.expiresAt));
  // The clock stops ticking between deadlines; what just arrived is never older than "now".
  const now = Math.max(tick, receivedAt, wait?.since ?? 0);
  const secondsToResend = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const isExpired = isRefusedAsExpired || now >= deadlines.expiresAt;

  // Step 2 starts in the code field, and so does every new code.
  useEffect(() => inputRef.current?.focus(), [state]);

  const fail = (error: FormError | undefined, formLevel: FormError | null) =>
    form.showErrors({ fields: error ? { code: error } : {}, form: formLevel });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending || verify.isSuccess) return;
    const invalid = codeError(code);
    if (invalid) return fail(invalid, null);
    verify.mutate(
      { id: state.id, code },
      {
        onError: (error) => {
          const apiCode = error instanceof ApiError ? error.code : null;
          if (apiCode === 'direct_debit_code_invalid') return fail({ code: apiCode }, null);
          if (apiCode === 'direct_debit_code_expired') {
            setIsRefusedAsExpired(true);
            return fail(undefined, null);
          }
          fail(undefined, toFormErrors(error).form ?? toFormErrors(error).fields.code ?? { code: 'error_generic' });
        },
      },
    );
  };

  const onResend = () => {
    resend.mutate(state.id, {
      onSuccess: (data) => {
        form.setValues({ code: '' });
        form.clearErrors();
        setIsRefusedAsExpired(false);
        setWait(null);
        onResent(data.direct_debit, Date.now());
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'direct_debit_resend_wait') {
          const seconds = Number(error.body?.error?.params?.count);
          const since = Date.now();
          if (Number.isFinite(seconds) && seconds > 0) return setWait({ until: since + seconds * 1000, since });
        }
        fail(undefined, toFormErrors(error).form ?? { code: 'error_generic' });
      },
    });
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const sentId = `${id}-sent`;
  const price = formatMoney(state.amount, i18n.language);
  const sentText = t(resend.isSuccess ? 'directDebit.resent' : 'directDebit.codeSent', { mobile: state.mobile });
  const isLeaving = verify.isSuccess;

  return (
    <Form
      id={form.formId}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="direct-debit-code-form"
    >
      <h2 id={`${id}-title`} className="h5">
        {t('directDebit.codeTitle')}
      </h2>
      <p id={sentId} role="status" className="mb-1 fw-semibold" data-testid="direct-debit-sent">
        {sentText}
      </p>
      <p className="small text-body-secondary">
        {t('directDebit.debitSummary', {
          credits: t('bundle.credits', { count: state.credits }),
          price,
          iban: state.iban,
          bank: state.bank_name,
        })}
      </p>
      <FormErrorAlert error={formError}>
        {formError && OTHER_METHOD_ERRORS.has(formError.code) && (
          <>
            {' '}
            <Link to={otherMethodsHref} className="alert-link">
              {t('directDebit.otherMethod')}
            </Link>
          </>
        )}
        {formError?.code === 'direct_debit_not_found' && (
          <>
            {' '}
            <Button variant="link" className="alert-link p-0 align-baseline" onClick={onChangeDetails}>
              {t('directDebit.startAgain')}
            </Button>
          </>
        )}
      </FormErrorAlert>
      {isExpired && (
        <Alert variant="warning" role="alert" data-testid="direct-debit-expired">
          {tErrors('errors:direct_debit_code_expired')}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId={`${id}-code`}>
        <Form.Label>{t('directDebit.code')}</Form.Label>
        <Form.Control
          ref={inputRef}
          name="code"
          value={code}
          onChange={(event) => form.setValue('code', cleanCode(event.target.value))}
          isInvalid={Boolean(fieldError)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={[fieldError ? errorId : null, sentId, hintId].filter(Boolean).join(' ')}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={DIRECT_DEBIT_CODE_LENGTH}
          className="direct-debit-code-input font-monospace"
          disabled={isExpired}
          required
        />
        {fieldError && (
          // Said at once, also when the member pressed Enter in the field and focus stays there.
          <Form.Control.Feedback type="invalid" id={errorId} role="alert">
            {translateError(tErrors, fieldError)}
          </Form.Control.Feedback>
        )}
        <Form.Text id={hintId} className="d-block">
          {t('directDebit.codeHint', { digits: DIRECT_DEBIT_CODE_LENGTH, count: DIRECT_DEBIT_CODE_MINUTES })}
        </Form.Text>
      </Form.Group>
      <div className="d-grid gap-2 d-sm-flex flex-sm-wrap align-items-sm-center">
        <SubmitButton variant="primary" size="lg" isPending={verify.isPending || isLeaving} disabled={isExpired}>
          {t('directDebit.verify')}
        </SubmitButton>
        <Button
          variant={isExpired ? 'primary' : 'outline-secondary'}
          onClick={onResend}
          disabled={secondsToResend > 0 || resend.isPending || isLeaving}
          className="direct-debit-resend"
          data-testid="direct-debit-resend"
        >
          {resend.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {secondsToResend > 0 ? t('directDebit.resendIn', { count: secondsToResend }) : t('directDebit.resend')}
        </Button>
      </div>
      <p className="small text-body-secondary mt-3 mb-2">{t('directDebit.noCode')}</p>
      <Button variant="link" className="p-0" onClick={onChangeDetails} disabled={isLeaving}>
        {t('directDebit.changeDetails')}
      </Button>
    </Form>
  );
}
