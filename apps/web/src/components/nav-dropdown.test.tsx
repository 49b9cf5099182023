// The navigation's dropdown: a disclosure button; Escape closes and returns focus, arrows move between items, a click
// outside or on an item closes, items marked data-keep-open do not.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NavDropdown } from './nav-dropdown.tsx';

afterEach(() => cleanup());

function renderMenu() {
  return render(
    <>
      <NavDropdown label="Menu" toggle="Open">
        <button type="button" className="dropdown-item">
          First
        </button>
        <button type="button" className="dropdown-item" data-keep-open="">
          Stays
        </button>
      </NavDropdown>
      <p>outside</p>
    </>,
  );
}

describe('NavDropdown', () => {
  it('opens and closes with its button and reports its state', () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'First' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'First' })).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByRole('button', { name: 'First' })).toBeNull();
  });

  it('opens on ArrowDown with focus on the first item; arrows move; Escape closes back to the button', () => {
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('First');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Stays');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('First');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('button', { name: 'First' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('closes when an item is chosen, unless the item keeps it open', () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stays' }));
    expect(screen.getByRole('button', { name: 'First' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(screen.queryByRole('button', { name: 'First' })).toBeNull();
  });
});
