// The console's own error codes are translated in the `admin` namespace (errors.<code>); the rest in `errors`.
import { ADMIN_ERROR_CODES } from '@app/contracts';
import { toFormErrors, type FormError } from '../../../lib/form-errors.ts';

export function toAdminFormError(error: unknown): FormError | null {
  const form = toFormErrors(error).form;
  if (!form) return null;
  return (ADMIN_ERROR_CODES as readonly string[]).includes(form.code)
    ? { ...form, code: `admin:errors.${form.code}` }
    : form;
}
