// The open state and keyboard of a navigation dropdown (components/nav-dropdown.tsx): a click or focus outside closes
// it; Escape closes it and returns focus to the toggle; arrow keys, Home and End open it at its first item or move
// between its items.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

const ITEM_SELECTOR = '.dropdown-item:not(:disabled):not(.disabled)';

type Step = 1 | -1 | 'first' | 'last';

/** Focuses the menu's next, previous, first or last enabled item (the first when none has focus). */
function moveFocus(menu: HTMLElement | null, step: Step) {
  const items = [...(menu?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
  if (items.length === 0) return;
  const current = items.indexOf(document.activeElement as HTMLElement);
  const next =
    step === 'first'
      ? 0
      : step === 'last'
        ? items.length - 1
        : current < 0
          ? 0
          : (current + step + items.length) % items.length;
  items[next]?.focus();
}

export function useDropdownMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusFirstRef = useRef(false);
  const menuId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    if (focusFirstRef.current) {
      focusFirstRef.current = false;
      menuRef.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
    }
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [isOpen]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.stopPropagation();
      setIsOpen(false);
      toggleRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    if (!isOpen) {
      focusFirstRef.current = true;
      setIsOpen(true);
      return;
    }
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : event.key === 'Home' ? 'first' : 'last';
    moveFocus(menuRef.current, step);
  };

  return { isOpen, setIsOpen, rootRef, toggleRef, menuRef, menuId, onKeyDown };
}
