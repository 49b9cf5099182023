// Form errors as error codes: from the shared zod schemas (client side) and from API answers, translated at render time.
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';

export type ErrorParams = Record<string, string | number>;
/** `code` is a key of the `errors` namespace, or a full `namespace:key` for form-specific texts. */
export type FormError = { code: string; params?: ErrorParams };
export type FieldErrors = Record<string, FormError | undefined>;
export type FormErrors = { fields: FieldErrors; form: FormError | null };

const ERROR_CODE_PATTERN = /^[a-z_]+$|^[a-z]+:[\w.]+$/;
/** zod's own messages (e.g. for an enum) are not codes; they fall back to this one. */
export const FALLBACK_ERROR_CODE = 'invalid_value';
export const GENERIC_ERROR_CODE = 'error_generic';

function toCode(message: string): string {
  return ERROR_CODE_PATTERN.test(message) ? message : FALLBACK_ERROR_CODE;
}

/**
 * The first issue of each field from a failed safeParse. `overrides` replace the fallback code per field
 * (e.g. "Choose your gender" where zod only knows "invalid option").
 */
export function toFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  overrides: Record<string, string> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path]) continue;
    let code = toCode(issue.message);
    if (code === FALLBACK_ERROR_CODE && overrides[path]) code = overrides[path];
    const params = 'params' in issue && issue.params ? (issue.params as ErrorParams) : undefined;
    errors[path] = params ? { code, params } : { code };
  }
  return errors;
}

/**
 * An API failure as form errors: per-field errors from `error.fields`, and the error itself for the form
 * unless it only says "see the fields" or is one field's own. Anything that is not an API answer is the generic error.
 */
export function toFormErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, form: { code: GENERIC_ERROR_CODE } };
  const fields: FieldErrors = {};
  for (const field of error.body?.error?.fields ?? []) {
    fields[field.path] ??= field.params
      ? { code: toCode(field.code), params: field.params }
      : { code: toCode(field.code) };
  }
  const hasFields = Object.keys(fields).length > 0;
  // Said once: beside the field when the error is that field's own (e.g. "Please check your old password").
  const isFieldError = Object.values(fields).some((field) => field?.code === error.code);
  if ((error.code === 'validation_failed' && hasFields) || isFieldError) return { fields, form: null };
  const params = error.body?.error?.params;
  return { fields, form: params ? { code: error.code, params } : { code: error.code } };
}

/** The translated text of an error; unknown codes read as the generic error. */
export function translateError(t: TFunction, error: FormError): string {
  const key = error.code.includes(':') ? error.code : `errors:${error.code}`;
  return t([key, `errors:${GENERIC_ERROR_CODE}`], error.params ?? {});
}
