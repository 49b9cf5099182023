// After a failed submit, focus and scroll to the form's error summary or first invalid field (every form, through useFormValues or directly).
import { useEffect, useId } from 'react';
import { focusFirstError } from '../lib/focus-first-error.ts';

/**
 * Answers the id to put on the <Form>. Each new truthy `failure` (a counter, or a failed request's time) moves focus
 * to the error, once the render that shows it is done.
 */
export function useErrorFocus(failure: number): string {
  const formId = useId();
  useEffect(() => {
    if (failure) focusFirstError(document.getElementById(formId));
  }, [failure, formId]);
  return formId;
}
