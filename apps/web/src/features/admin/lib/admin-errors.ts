// The console's own error codes are translated in the `admin` namespace (errors.<code>); the rest in `errors`.
import { ADMIN_ERROR_CODES } from '@app/contracts';
import { GENERIC_ERROR_CODE, toFormErrors, type FormError } from '../../../lib/form-errors.ts';

/** A form's error (as `useFormValues` keeps it) with the console's own codes pointed at their `admin` texts. */
export function adminFormError(form: FormError | null): FormError | null {
  if (!form) return null;
  return (ADMIN_ERROR_CODES as readonly string[]).includes(form.code)
    ? { ...form, code: `admin:errors.${form.code}` }
    : form;
}

export function toAdminFormError(error: unknown): FormError | null {
  return adminFormError(toFormErrors(error).form);
}

/**
 * A failed query's error for an alert: the console's text for its code, else its first field's error (a list's filter
 * the server refused), else the generic error. A query has no form to put field errors at, so one is always said.
 */
export function toAdminQueryError(error: unknown): FormError {
  const { form, fields } = toFormErrors(error);
  const field = Object.values(fields).find((entry) => entry !== undefined);
  return adminFormError(form) ?? field ?? { code: GENERIC_ERROR_CODE };
}
