// Step 2 of /directdebit: the code texted to the member's (masked) mobile number. A wrong code says "Code invalid" on the
// field; a new code may be asked for once the cooldown is over (the button counts down); an expired code says so and
// offers a new one. The right code submits the debit and opens its order, pending until the bank settles it.
import { useEffect, useId, useRef, type FormEvent, type RefObject } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DIRECT_DEBIT_CODE_LENGTH, DIRECT_DEBIT_CODE_MINUTES } from '@app/contracts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { translateError } from '../../../lib/form-errors.ts';
import type { DirectDebitState } from '../api/start-direct-debit.ts';
import { useDirectDebitCode } from '../hooks/use-direct-debit-code.ts';
import { cleanCode } from '../lib/direct-debit.ts';
import { DirectDebitRefusal } from './direct-debit-refusal.tsx';
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

type CodeFieldProps = {
  id: string;
  code: ReturnType<typeof useDirectDebitCode>;
  inputRef: RefObject<HTMLInputElement | null>;
  describedBy: string[];
};

/** The code's field with its error and hint: digits only, as long as a code, off once the code expired. */
function CodeField({ id, code, inputRef, describedBy }: CodeFieldProps) {
  const { t } = useTranslation('payments');
  const { t: tErrors } = useTranslation();
  const fieldError = code.form.fieldErrors.code;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <Form.Group className="mb-3" controlId={`${id}-code`}>
      <Form.Label>{t('directDebit.code')}</Form.Label>
      <Form.Control
        ref={inputRef}
        name="code"
        value={code.form.values.code}
        onChange={(event) => code.form.setValue('code', cleanCode(event.target.value))}
        isInvalid={Boolean(fieldError)}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={[fieldError ? errorId : null, ...describedBy, hintId].filter(Boolean).join(' ')}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={DIRECT_DEBIT_CODE_LENGTH}
        className="direct-debit-code-input font-monospace"
        disabled={code.isExpired}
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
  );
}

/** The form's error, with the way out it calls for (another method, or starting again), and the expired code's alert. */
function CodeAlerts({
  code,
  otherMethodsHref,
  onChangeDetails,
}: {
  code: ReturnType<typeof useDirectDebitCode>;
  otherMethodsHref: string;
  onChangeDetails: () => void;
}) {
  const { t } = useTranslation('payments');
  const { t: tErrors } = useTranslation();
  const { formError } = code.form;
  return (
    <>
      <DirectDebitRefusal error={formError} otherMethodsHref={otherMethodsHref}>
        {formError?.code === 'direct_debit_not_found' && (
          <>
            {' '}
            <Button variant="link" className="alert-link p-0 align-baseline" onClick={onChangeDetails}>
              {t('directDebit.startAgain')}
            </Button>
          </>
        )}
      </DirectDebitRefusal>
      {code.isExpired && (
        <Alert variant="warning" role="alert" data-testid="direct-debit-expired">
          {tErrors('errors:direct_debit_code_expired')}
        </Alert>
      )}
    </>
  );
}

export function DirectDebitCodeForm({
  state,
  receivedAt,
  otherMethodsHref,
  onResent,
  onChangeDetails,
  onOrdered,
}: DirectDebitCodeFormProps) {
  const { t, i18n } = useTranslation('payments');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const code = useDirectDebitCode({ state, receivedAt, onResent, onOrdered });
  const { isExpired, isLeaving, secondsToResend } = code;

  // Step 2 starts in the code field, and so does every new code.
  useEffect(() => inputRef.current?.focus(), [state]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    code.submit();
  };

  const sentId = `${id}-sent`;
  const price = formatMoney(state.amount, i18n.language);
  const sentText = t(code.wasResent ? 'directDebit.resent' : 'directDebit.codeSent', { mobile: state.mobile });

  return (
    <Form
      id={code.form.formId}
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
      <CodeAlerts code={code} otherMethodsHref={otherMethodsHref} onChangeDetails={onChangeDetails} />
      <CodeField id={id} code={code} inputRef={inputRef} describedBy={[sentId]} />
      <div className="d-grid gap-2 d-sm-flex flex-sm-wrap align-items-sm-center">
        <SubmitButton variant="primary" size="lg" isPending={code.isVerifying || isLeaving} disabled={isExpired}>
          {t('directDebit.verify')}
        </SubmitButton>
        <Button
          variant={isExpired ? 'primary' : 'outline-secondary'}
          onClick={code.askForNewCode}
          disabled={secondsToResend > 0 || code.isResending || isLeaving}
          className="direct-debit-resend"
          data-testid="direct-debit-resend"
        >
          {code.isResending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
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
