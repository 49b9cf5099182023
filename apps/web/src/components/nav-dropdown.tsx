// A small dropdown for the navigation (language and account menus) in Bootstrap's dropdown markup, without
// react-bootstrap's Dropdown: that one brings Popper and the overlay chunk before the first paint (docs/web-build.md).
// A disclosure: a button with aria-expanded that shows a list of links and buttons. Escape closes it and returns focus
// to the button; a click or focus outside closes it; choosing an item closes it; arrow keys move between the items.
import type { ReactNode } from 'react';
import { useDropdownMenu } from '../hooks/use-dropdown-menu.ts';

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
  const { isOpen, setIsOpen, rootRef, toggleRef, menuRef, menuId, onKeyDown } = useDropdownMenu();

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
