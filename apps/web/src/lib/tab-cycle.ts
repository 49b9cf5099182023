// Keeps Tab and Shift+Tab inside a dialog: from its last control to its first and back (a real cycle, where the
// dialog library only pulls focus back after it has left).
import type { KeyboardEvent } from 'react';

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function cycleTab(event: KeyboardEvent | globalThis.KeyboardEvent, container: Element | null): void {
  if (event.key !== 'Tab' || !container) return;
  const controls = [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
