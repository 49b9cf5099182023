// Controlled form state for every form: values, per-field and form errors (validated with a shared zod schema), and focus on the first error.
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { toFieldErrors, toFormErrors, type FieldErrors, type FormError } from '../lib/form-errors.ts';
import { useErrorFocus } from './use-error-focus.ts';

export type FormValues = Record<string, string>;

/** The props a FormField (or FormSelect) takes to show and edit one value of the form. */
export type FieldBinding = {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: FormError | undefined;
};

export function useFormValues<T extends FormValues>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const errors = useFormErrors<T>();
  const { fieldErrors, clearFieldError, showIssues } = errors;

  const setValue = useCallback(
    (name: keyof T & string, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      // A field's error goes once the member edits it; the rest stay until the next submit.
      clearFieldError(name);
    },
    [clearFieldError],
  );

  /** Parses the values; on failure shows the issues and answers null. */
  function validate<S extends z.ZodType>(
    schema: S,
    input: unknown = values,
    overrides?: Record<string, string>,
  ): z.infer<S> | null {
    const result = schema.safeParse(input);
    if (result.success) {
      errors.clearErrors();
      return result.data;
    }
    showIssues(result.error.issues, overrides);
    return null;
  }

  /** Wires a field to its value, its setter and its error: `<FormField {...form.bind('email')} … />`. */
  function bind(name: keyof T & string): FieldBinding {
    // Every key of T holds a string; only FormValues' index signature makes the compiler doubt it.
    return {
      name,
      value: values[name] as string,
      onChange: (value) => setValue(name, value),
      error: fieldErrors[name],
    };
  }

  return {
    formId: errors.formId,
    values,
    setValues,
    setValue,
    clearFieldError,
    fieldErrors,
    formError: errors.formError,
    validate,
    showApiError: errors.showApiError,
    clearErrors: errors.clearErrors,
    showErrors: errors.showErrors,
    setFieldError: errors.setFieldError,
    bind,
  };
}

/** A form's field and form errors, and the focus request a failed submit makes. */
function useFormErrors<T extends FormValues>() {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormError | null>(null);
  // Bumped when a submit fails; focusing waits for the render that shows the errors.
  const [errorFocusRequest, setErrorFocusRequest] = useState(0);
  /** Put on the <Form> as its id: a failed submit moves focus to its error summary or first invalid field. */
  const formId = useErrorFocus(errorFocusRequest);

  const clearFieldError = useCallback((name: string) => {
    setFieldErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  /** Shows a schema's issues at their fields (or the fields `overrides` names). */
  function showIssues(issues: readonly z.core.$ZodIssue[], overrides?: Record<string, string>) {
    setFieldErrors(toFieldErrors(issues, overrides));
    setFormError(null);
    setErrorFocusRequest((count) => count + 1);
  }

  /** Shows what the API answered. */
  function showApiError(error: unknown) {
    const { fields, form } = toFormErrors(error);
    setFieldErrors(fields);
    setFormError(form);
    setErrorFocusRequest((count) => count + 1);
  }

  /** Shows errors the form worked out itself (a field's, the form's), moving focus to them like a failed submit. */
  function showErrors(errors: { fields?: FieldErrors; form?: FormError | null }) {
    setFieldErrors(errors.fields ?? {});
    setFormError(errors.form ?? null);
    setErrorFocusRequest((count) => count + 1);
  }

  /** Shows one field's error that no schema or field list gave (e.g. an answer that found nothing). */
  function setFieldError(name: keyof T & string, error: FormError) {
    setFieldErrors((current) => ({ ...current, [name]: error }));
  }

  function clearErrors() {
    setFieldErrors({});
    setFormError(null);
  }

  return {
    formId,
    fieldErrors,
    formError,
    clearFieldError,
    showIssues,
    showApiError,
    showErrors,
    setFieldError,
    clearErrors,
  };
}
