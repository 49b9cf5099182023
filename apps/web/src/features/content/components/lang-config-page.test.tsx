import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { LangConfigPage } from './lang-config-page.tsx';

describe('/lang-config', () => {
  it('shows the site languages in the order of the visitor country, the chosen one, and the rule for that country', async () => {
    await setupI18n('en');
    renderWithProviders(<LangConfigPage />, {
      settings: { languages: ['nl', 'en', 'de', 'fr'], geoip_country: 'BE', geoip_selected_country: 'BE' },
    });
    await screen.findByRole('heading', { level: 1, name: 'Language settings' });
    const choices = within(screen.getByRole('group', { name: 'Choose a language' })).getAllByRole('radio');
    // BE: nl, fr, de first (SPEC section 1), then the rest of the site's languages.
    expect(choices.map((radio) => radio.getAttribute('value'))).toEqual(['nl', 'fr', 'de', 'en']);
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('We located you in Belgium.')).toBeTruthy();
    expect(screen.getByText('In Belgium we offer Nederlands, Français and Deutsch first.')).toBeTruthy();
    const row = screen.getByRole('row', { current: true });
    expect(row.textContent).toContain('Belgium');
    expect(row.textContent).toContain('your country');
    expect(screen.getAllByRole('row')).toHaveLength(1 + 19);
  });

  it('says when the country is unknown and the site serves another', async () => {
    await setupI18n('en');
    renderWithProviders(<LangConfigPage />, { settings: { geoip_country: null, geoip_selected_country: 'NL' } });
    expect(
      await screen.findByText(
        /We could not tell which country you are in\. This site serves you as a visitor from Netherlands\./,
      ),
    ).toBeTruthy();
  });
});
