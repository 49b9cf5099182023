// Direct debit with an SMS code (/directdebit?bundle=): where it is offered, its link, the form's checks and how its
// errors read, and the code's timing as the browser counts it.
import { DIRECT_DEBIT_CODE_LENGTH, DIRECT_DEBIT_CODE_MINUTES, directDebitRequestSchema } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import type { FormError } from '../../../lib/form-errors.ts';
import { checkIban } from './iban.ts';

/** Offered where credits.php says `direct_debit` (SEPA countries of a site enabling 'sdd'); the method list links here. */
export function directDebitHref(bundleId: number): string {
  return `${paths.directdebit.getHref()}?bundle=${bundleId}`;
}

/** The form's fields, in the order they are shown (a failed submit focuses the first invalid one). */
export const DIRECT_DEBIT_FIELDS = [
  'holder',
  'iban',
  'street',
  'house_number',
  'postal_code',
  'city',
  'mobile',
] as const;
export type DirectDebitField = (typeof DIRECT_DEBIT_FIELDS)[number];

/** The request's own schema, with the IBAN checked by ibantools as the server checks it. */
export const directDebitFormSchema = directDebitRequestSchema.extend({
  iban: directDebitRequestSchema.shape.iban.refine((iban) => checkIban(iban).isValid, 'iban_invalid'),
});

/** The shared schema's generic codes (field_required, field_too_long) as this form's own words. */
export function directDebitFieldError(field: DirectDebitField, error: FormError | undefined): FormError | undefined {
  if (!error) return undefined;
  if (error.code === 'field_required') return { code: `payments:directDebit.errors.${field}` };
  if (error.code === 'field_too_long') return { code: 'payments:directDebit.errors.tooLong' };
  return error;
}

/** Answers that mean "not by direct debit, not now": said with a link to the other payment methods. */
export const OTHER_METHOD_ERRORS = new Set([
  'direct_debit_blocked',
  'direct_debit_limit',
  'payment_method_unavailable',
]);

/** The texted code as typed: digits only ("123 456" pasted reads 123456), at most DIRECT_DEBIT_CODE_LENGTH. */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, DIRECT_DEBIT_CODE_LENGTH);
}

export function codeError(code: string): FormError | undefined {
  return code.length === DIRECT_DEBIT_CODE_LENGTH
    ? undefined
    : { code: 'payments:directDebit.errors.code', params: { digits: DIRECT_DEBIT_CODE_LENGTH } };
}

/**
 * When a new code may be asked for and when this one expires, on the browser's clock. The server sets both from the
 * same moment (resend_at = now + the cooldown, expires_at = now + DIRECT_DEBIT_CODE_MINUTES), so their distance to that
 * moment is known without trusting the two clocks to agree.
 */
export function codeDeadlines(
  state: { resend_at: string; expires_at: string },
  receivedAt: number,
): { resendAt: number; expiresAt: number } {
  const sentAt = Date.parse(state.expires_at) - DIRECT_DEBIT_CODE_MINUTES * 60_000;
  return {
    resendAt: receivedAt + Math.max(0, Date.parse(state.resend_at) - sentAt),
    expiresAt: receivedAt + DIRECT_DEBIT_CODE_MINUTES * 60_000,
  };
}
