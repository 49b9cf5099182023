// The language dropdown: hidden without a choice, ordered per country, endonyms, and choosing switches the language.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LANGUAGE_COOKIE } from '@app/i18n';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { i18next, onLanguageChosen } from '../../../lib/i18n.ts';
import { LanguageDropdown } from './language-dropdown.tsx';

beforeAll(() => setupI18n());
afterEach(async () => {
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
  await i18next.changeLanguage('en');
});

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Language: English, EN' }));
  const header = await screen.findByText('Choose your language');
  return header.closest('.dropdown-menu') as HTMLElement;
}

describe('LanguageDropdown', () => {
  it('is not rendered when the site shows one language', async () => {
    renderWithProviders(
      <>
        <p>page</p>
        <LanguageDropdown />
      </>,
      { settings: { languages: ['nl'] } },
    );
    await screen.findByText('page');
    expect(screen.queryByRole('button', { name: /Language/ })).toBeNull();
  });

  it("lists every visible language in its own language, the country's first", async () => {
    renderWithProviders(<LanguageDropdown />, {
      settings: { languages: ['en', 'de', 'nl', 'fr'], geoip_selected_country: 'BE' },
    });
    const menu = await openMenu();
    const names = within(menu)
      .getAllByRole('button')
      .map((item) => item.textContent);
    expect(names).toEqual(['Nederlands', 'Français', 'Deutsch', 'English']);
    expect(within(menu).getByRole('button', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    expect(within(menu).getByRole('button', { name: 'Nederlands' }).getAttribute('lang')).toBe('nl');
  });

  it('names US English "English (US)" for US visitors', async () => {
    renderWithProviders(<LanguageDropdown />, { settings: { languages: ['en', 'es'], geoip_selected_country: 'US' } });
    const menu = await openMenu();
    expect(
      within(menu)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['English (US)', 'Español', 'English']);
  });

  it('switches the language, stores the cookie and notifies listeners', async () => {
    const listener = vi.fn();
    const unsubscribe = onLanguageChosen(listener);
    renderWithProviders(<LanguageDropdown />, {
      settings: { languages: ['en', 'en-US', 'nl'], geoip_selected_country: 'NL' },
    });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'English (US)' }));
    await waitFor(() => expect(i18next.language).toBe('en-US'));
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en-US`);
    expect(listener).toHaveBeenCalledWith('en-US');
    expect(await screen.findByRole('button', { name: 'Language: English (US), EN' })).toBeTruthy();
    unsubscribe();
  });
});
