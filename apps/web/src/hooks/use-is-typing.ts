// Whether the member is typing somewhere: a text field, text area or editable element has focus, or a key was pressed
// in the last few seconds. Nothing that interrupts (a modal, an offer) opens meanwhile (docs/web-layout.md).
import { useEffect, useState } from 'react';

/** A key pressed this recently still counts as typing. */
export const TYPING_QUIET_MS = 5000;

const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color', 'image']);

export function isEditable(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
  if (element instanceof HTMLInputElement)
    return !NOT_TEXT_INPUTS.has(element.type) && !element.readOnly && !element.disabled;
  return false;
}

export function useIsTyping(quietMs: number = TYPING_QUIET_MS): boolean {
  const [isFocused, setIsFocused] = useState(() => isEditable(document.activeElement));
  const [isKeyRecent, setIsKeyRecent] = useState(false);

  useEffect(() => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const onFocus = () => setIsFocused(isEditable(document.activeElement));
    // Each key starts the quiet time again; once it passed, the member is no longer typing.
    const onKey = () => {
      setIsKeyRecent(true);
      clearTimeout(quiet);
      quiet = setTimeout(() => setIsKeyRecent(false), quietMs);
    };
    document.addEventListener('focusin', onFocus);
    document.addEventListener('focusout', onFocus);
    document.addEventListener('keydown', onKey, true);
    return () => {
      clearTimeout(quiet);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onFocus);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [quietMs]);

  return isFocused || isKeyRecent;
}
