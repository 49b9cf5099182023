// Step 1 of /directdebit: the account holder, the IBAN (grouped and checked as typed), the address and the mobile number
// the code goes to. The server checks it all again; its field errors land on the fields, a refusal of direct debit
// (blocked, limit reached, not offered) reads as an alert with the way to the other payment methods.
import { useEffect, type FormEvent } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DirectDebitRequest } from '@app/contracts';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { useStartDirectDebit, type DirectDebitState } from '../api/start-direct-debit.ts';
import { directDebitFieldError, directDebitFormSchema, type DirectDebitField } from '../lib/direct-debit.ts';
import { DirectDebitRefusal } from './direct-debit-refusal.tsx';
import { IbanField } from './iban-field.tsx';

export type DirectDebitDetails = Record<DirectDebitField, string>;

export const EMPTY_DETAILS: DirectDebitDetails = {
  holder: '',
  iban: '',
  street: '',
  house_number: '',
  postal_code: '',
  city: '',
  mobile: '',
};

type DetailsForm = ReturnType<typeof useFormValues<DirectDebitDetails>>;
type BoundField = (name: DirectDebitField) => ReturnType<DetailsForm['bind']>;

/** The account holder's address: street and number, postal code and city. */
function AddressFields({ field }: { field: BoundField }) {
  const { t } = useTranslation('payments');
  return (
    <fieldset className="mb-2">
      <legend className="h5">{t('directDebit.addressTitle')}</legend>
      <Row className="g-3 mb-3">
        <Col xs={12} sm={9}>
          <FormField
            {...field('street')}
            label={t('directDebit.street')}
            autoComplete="address-line1"
            maxLength={100}
            isRequired
            className=""
          />
        </Col>
        <Col xs={6} sm={3}>
          <FormField
            {...field('house_number')}
            label={t('directDebit.houseNumber')}
            maxLength={20}
            isRequired
            className=""
          />
        </Col>
        <Col xs={6} sm={4}>
          <FormField
            {...field('postal_code')}
            label={t('directDebit.postalCode')}
            autoComplete="postal-code"
            maxLength={20}
            isRequired
            className=""
          />
        </Col>
        <Col xs={12} sm={8}>
          <FormField
            {...field('city')}
            label={t('directDebit.city')}
            autoComplete="address-level2"
            maxLength={100}
            isRequired
            className=""
          />
        </Col>
      </Row>
    </fieldset>
  );
}

const isIbanRefused = (form: DetailsForm) => form.formError?.code === 'iban_invalid';

/** The account holder and the IBAN (grouped and checked as typed; the server's refusal of it shows on it). */
function AccountFields({ form, field }: { form: DetailsForm; field: BoundField }) {
  const { t } = useTranslation('payments');
  const isRefused = isIbanRefused(form);
  const ibanError =
    directDebitFieldError('iban', form.fieldErrors.iban) ?? (isRefused ? { code: 'iban_invalid' } : undefined);
  return (
    <fieldset className="mb-2">
      <legend id="direct-debit-details-title" className="h5">
        {t('directDebit.detailsTitle')}
      </legend>
      <FormField {...field('holder')} label={t('directDebit.holder')} autoComplete="name" maxLength={100} isRequired />
      <IbanField
        name="iban"
        value={form.values.iban}
        onChange={(value) => {
          form.setValue('iban', value);
          if (isRefused) form.clearErrors();
        }}
        error={ibanError}
      />
    </fieldset>
  );
}

type DirectDebitFormProps = {
  bundleId: number;
  country: string;
  /** The bundle's price as shown beside the form (the server prices the debit itself). */
  price: string;
  siteName: string;
  otherMethodsHref: string;
  initialDetails?: DirectDebitDetails;
  /** Back from the code step: focus goes to the first field again. */
  isReturning?: boolean;
  onStarted: (started: DirectDebitState, details: DirectDebitDetails) => void;
};

export function DirectDebitForm({
  bundleId,
  country,
  price,
  siteName,
  otherMethodsHref,
  initialDetails = EMPTY_DETAILS,
  isReturning = false,
  onStarted,
}: DirectDebitFormProps) {
  const { t } = useTranslation('payments');
  const start = useStartDirectDebit();
  const form = useFormValues<DirectDebitDetails>(initialDetails);
  useEffect(() => {
    if (isReturning) document.getElementById(form.formId)?.querySelector<HTMLInputElement>('input')?.focus();
  }, [isReturning, form.formId]);

  const field = (name: DirectDebitField) => {
    const binding = form.bind(name);
    return { ...binding, error: directDebitFieldError(name, binding.error) };
  };
  // "This IBAN is not valid" from the server belongs to the IBAN field (AccountFields), not to the whole form.
  const formError = isIbanRefused(form) ? null : form.formError;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: DirectDebitRequest | null = form.validate(directDebitFormSchema, {
      ...form.values,
      bundle_id: bundleId,
      country,
    });
    if (!body) return;
    start.mutate(body, {
      onSuccess: (data) => onStarted(data.direct_debit, form.values),
      onError: (error) => form.showApiError(error),
    });
  };

  return (
    <Form
      id={form.formId}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="direct-debit-details-title"
      className="direct-debit-form"
    >
      <DirectDebitRefusal error={formError} otherMethodsHref={otherMethodsHref} />
      <AccountFields form={form} field={field} />
      <AddressFields field={field} />
      <FormField
        {...field('mobile')}
        type="tel"
        label={t('directDebit.mobile')}
        autoComplete="tel"
        maxLength={22}
        hint={t('directDebit.mobileHint')}
        isRequired
      />
      <p className="small text-body-secondary">{t('directDebit.mandate', { site: siteName, price })}</p>
      <SubmitButton variant="primary" size="lg" className="w-100 direct-debit-submit" isPending={start.isPending}>
        {t('directDebit.submit')}
      </SubmitButton>
    </Form>
  );
}
