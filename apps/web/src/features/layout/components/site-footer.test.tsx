// Footer details that depend on settings and language: US statement, company info source, payment marks.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SITE_TEXT_DEFAULTS } from '@app/i18n';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildSettings } from '../../../test-support/settings.fixture.ts';
import { i18next } from '../../../lib/i18n.ts';
import { installSettingsLanguage } from '../../../lib/settings/get-settings.ts';
import { SiteFooter } from './site-footer.tsx';
import { isUsFooterShown } from './us-footer.tsx';

beforeAll(() => setupI18n());
afterEach(async () => {
  await i18next.changeLanguage('en');
  vi.unstubAllGlobals();
});

describe('US footer', () => {
  it('shows only for English and en-US when enabled', () => {
    expect(isUsFooterShown(true, 'en')).toBe(true);
    expect(isUsFooterShown(true, 'en-US')).toBe(true);
    expect(isUsFooterShown(true, 'nl')).toBe(false);
    expect(isUsFooterShown(false, 'en')).toBe(false);
  });

  it('follows the language and settings.us_footer in the footer', async () => {
    const english = renderWithProviders(<SiteFooter />);
    expect((await screen.findByTestId('us-footer')).textContent).toContain(
      'Amoria Media B.V., Keizersgracht 100, Amsterdam',
    );
    english.unmount();

    await i18next.changeLanguage('de');
    const german = renderWithProviders(<SiteFooter />);
    await screen.findByRole('contentinfo');
    expect(screen.queryByTestId('us-footer')).toBeNull();
    german.unmount();

    await i18next.changeLanguage('en');
    renderWithProviders(<SiteFooter />, { settings: { us_footer: false } });
    await screen.findByRole('contentinfo');
    expect(screen.queryByTestId('us-footer')).toBeNull();
  });
});

describe('SiteFooter', () => {
  it("shows what checkout offers in the visitor's country, and no list when there is nothing", async () => {
    const methodNames = async () =>
      within(await screen.findByRole('list', { name: 'Payment methods' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    const german = renderWithProviders(<SiteFooter />, {
      settings: {
        geoip_selected_country: 'DE',
        payment_methods: ['paypal', 'bogus', 'sdd', 'giropay', 'sofort', 'ideal', 'visa'],
      },
    });
    // giropay and Sofort are gone (no provider takes them), iDEAL is Dutch: checkout never offers them in Germany.
    expect(await methodNames()).toEqual(['Visa', 'PayPal', 'SEPA Direct Debit']);
    german.unmount();
    const danish = renderWithProviders(<SiteFooter />, {
      settings: { geoip_selected_country: 'DK', payment_methods: ['dankort', 'mobilepay', 'visa'] },
    });
    expect(await methodNames()).toEqual(['MobilePay', 'Visa']);
    danish.unmount();

    renderWithProviders(<SiteFooter />, { settings: { payment_methods: [] } });
    await screen.findByRole('contentinfo');
    expect(screen.queryByRole('list', { name: 'Payment methods' })).toBeNull();
  });

  it('shows the disclaimer with the fictional-profile notice', async () => {
    renderWithProviders(<SiteFooter />, { settings: { fictional_warning: 'Some profiles are fictional.' } });
    expect(
      (await screen.findByText(/online dating and entertainment service for adults aged 18/)).textContent,
    ).toContain('Some profiles are fictional.');
  });

  it("shows the disclaimer in Dutch once the language is Dutch: the site's warning comes in the new language", async () => {
    // settings.php answers the site's texts in the language asked for (the server's site texts, docs/settings.md).
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/settings.php'
        ? {
            body: {
              settings: buildSettings({
                fictional_warning:
                  SITE_TEXT_DEFAULTS[url.searchParams.get('lang') === 'nl' ? 'nl' : 'en'].fictional_warning,
              }),
            },
          }
        : undefined,
    );
    const { queryClient } = renderWithProviders(<SiteFooter />, {
      settings: { fictional_warning: SITE_TEXT_DEFAULTS.en.fictional_warning },
    });
    const uninstall = installSettingsLanguage(queryClient);
    try {
      expect((await screen.findByText(/online dating and entertainment service/)).textContent).toContain(
        SITE_TEXT_DEFAULTS.en.fictional_warning,
      );
      await i18next.changeLanguage('nl');
      const disclaimer = await screen.findByText(/is een online dating- en entertainmentdienst voor volwassenen/);
      await vi.waitFor(() => expect(disclaimer.textContent).toContain(SITE_TEXT_DEFAULTS.nl.fictional_warning));
      expect(disclaimer.textContent).not.toContain(SITE_TEXT_DEFAULTS.en.fictional_warning);
      expect(calls.filter((call) => call.path.startsWith('/api/settings.php')).map((call) => call.path)).toEqual([
        expect.stringContaining('lang=nl'),
      ]);
    } finally {
      uninstall();
    }
  });
});
