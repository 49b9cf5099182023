// A small dropdown for the navigation (language and account menus) in Bootstrap's dropdown markup, without
// react-bootstrap's Dropdown: that one brings Popper and the overlay chunk before the first paint (docs/web-build.md).
// A disclosure: a button with aria-expanded that shows a list of links and buttons. Escape closes it and returns focus
// to the button; a click or focus outside closes it; choosing an item closes it; arrow keys move between the items.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const ITEM_SELECTOR = '.dropdown-item:not(:disabled):not(.disabled)';

export type NavDropdownProps = {
  /** The toggle's accessible name. */
  label: string;
  /** What the toggle shows. */
  toggle: ReactNode;
  toggleClassName?: string;
  className?: string;
  menuClassName?: string;
  align?: 'start' | 'end';
  disabled?: boolean;
  /** The menu's items: `.dropdown-item` links and buttons, `.dropdown-header`, `.dropdown-divider`. */
  children: ReactNode;
};

export function NavDropdown({
  label,
  toggle,
  toggleClassName = '',
  className = '',
  menuClassName = '',
  align = 'end',
  disabled,
  children,
}: NavDropdownProps) {
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

  const moveFocus = (step: 1 | -1 | 'first' | 'last') => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
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
  };

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
    moveFocus(event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : event.key === 'Home' ? 'first' : 'last');
  };

  return (
    <div ref={rootRef} className={`dropdown ${className}`} onKeyDown={onKeyDown}>
      <button
        ref={toggleRef}
        type="button"
        className={`dropdown-toggle ${toggleClassName}`}
        aria-label={label}
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        disabled={disabled}
        onClick={() => setIsOpen((open) => !open)}
      >
        {toggle}
      </button>
      {isOpen && (
        <div
          ref={menuRef}
          id={menuId}
          // data-bs-popper: Bootstrap's CSS then places the menu under the toggle without Popper.
          data-bs-popper="static"
          className={`dropdown-menu show${align === 'end' ? ' dropdown-menu-end' : ''} ${menuClassName}`}
          onClick={(event) => {
            // Choosing an item closes the menu (a link navigates, a button acts), except items that only switch a setting.
            if ((event.target as HTMLElement).closest('.dropdown-item:not([data-keep-open])')) setIsOpen(false);
          }}
        >
          {children}
        </div>
      )}
    </div>
  );
}
