// The console's own error codes are translated in the `admin` namespace (errors.<code>); the rest in `errors`.
import { ADMIN_ERROR_CODES } from '@app/contracts';
import { toFormErrors, type FormError } from '../../../lib/form-errors.ts';

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
