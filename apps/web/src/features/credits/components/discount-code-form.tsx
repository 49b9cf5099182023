// The discount-code field: checked with GET /api/discountcode.php?code= ("Code not found", "Code already used" and
// the expired code come back translated from the server); an accepted code reprices the bundles.
import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { toFormErrors, translateError } from '../../../lib/form-errors.ts';
import { useCheckDiscountCode } from '../api/get-discount-code.ts';
import { OpenOrderLink } from './open-order-link.tsx';
import { setDiscountCode, useEnteredDiscountCode } from '../lib/payment-store.ts';

/** What the member typed, checked before asking the server. */
const enteredCodeSchema = z.object({
  discount_code: z.string().trim().min(1, 'payments:discountCode.required').max(64, 'payments:discountCode.required'),
});

/** The code taken: what it gives (once checked here) and a way to remove it. */
function AppliedDiscountCode({
  code,
  percentage,
  onRemove,
}: {
  code: string;
  percentage: number | null;
  onRemove: () => void;
}) {
  const { t } = useTranslation('payments');
  return (
    <div className="discount-code-applied d-flex flex-wrap align-items-center gap-2" role="status">
      <span>
        {percentage !== null ? t('discountCode.applied', { code, percentage }) : `${t('discountCode.label')}: ${code}`}
      </span>
      <Button variant="link" size="sm" className="p-0" onClick={onRemove}>
        {t('discountCode.remove', { code })}
      </Button>
    </div>
  );
}

export function DiscountCodeForm() {
  const { t } = useTranslation('payments');
  const id = useId();
  const errorId = `${id}-error`;
  const enteredCode = useEnteredDiscountCode();
  const form = useFormValues({ discount_code: '' });
  const error = form.fieldErrors.discount_code;
  const [appliedPercentage, setAppliedPercentage] = useState<number | null>(null);
  const check = useCheckDiscountCode();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(enteredCodeSchema);
    if (!body) return;
    check.mutate(body.discount_code, {
      onSuccess: ({ discountcode }) => {
        if (!discountcode) return form.setFieldError('discount_code', { code: 'discount_code_not_found' });
        setAppliedPercentage(discountcode.value_percentage);
        setDiscountCode(discountcode.code);
        form.setValue('discount_code', '');
      },
      onError: (failure) =>
        form.setFieldError('discount_code', toFormErrors(failure).form ?? { code: 'error_generic' }),
    });
  };

  if (enteredCode) {
    return (
      <AppliedDiscountCode
        code={enteredCode}
        percentage={appliedPercentage}
        onRemove={() => {
          setDiscountCode(null);
          setAppliedPercentage(null);
        }}
      />
    );
  }

  return (
    <Form id={form.formId} onSubmit={submit} noValidate className="discount-code-form">
      <Form.Label htmlFor={id}>{t('discountCode.label')}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          id={id}
          name="discount_code"
          value={form.values.discount_code}
          onChange={(event) => form.setValue('discount_code', event.target.value)}
          placeholder={t('discountCode.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          isInvalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Button type="submit" variant="outline-primary" disabled={check.isPending}>
          {check.isPending && <Spinner size="sm" className="me-1" aria-hidden="true" />}
          {t('discountCode.apply')}
        </Button>
        {error && (
          <Form.Control.Feedback type="invalid" id={errorId} role="alert">
            {translateError(t, error)}
            <OpenOrderLink error={error} />
          </Form.Control.Feedback>
        )}
      </InputGroup>
    </Form>
  );
}
