// After a failed submit: bring the form's error summary (or its first invalid field) into view and give it focus.

/** The form-level error alert (FormErrorAlert) marks itself with this attribute. */
const ERROR_SUMMARY_SELECTOR = '[data-form-error-summary]';

const INVALID_FIELD_SELECTOR = '[aria-invalid="true"], .is-invalid';

/**
 * The summary says what went wrong for the whole form, so it wins; otherwise the first invalid field in document
 * order. Scrolls it to the middle of the viewport (a fixed header would hide the top) and focuses it without a
 * second jump. Answers the element, or null when the form shows no error.
 */
export function focusFirstError(root: ParentNode | null): HTMLElement | null {
  if (!root) return null;
  const target =
    root.querySelector<HTMLElement>(ERROR_SUMMARY_SELECTOR) ?? root.querySelector<HTMLElement>(INVALID_FIELD_SELECTOR);
  if (!target) return null;
  if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return target;
}
