// /credits and /credits/{id} list the same payment methods, from one source (the server's answer for the site's payment
// settings, through `offeredMethods`): SEPA direct debit, offered on /credits/2, is on /credits too (German, Germany).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { CreditsResponse } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { offeredMethods } from '../lib/offered-methods.ts';
import { CreditsPage } from './credits-page.tsx';
import { PaymentMethodPage } from './payment-method-page.tsx';

beforeAll(() => setupI18n('de'));
afterAll(() => setupI18n('en'));
afterEach(() => vi.unstubAllGlobals());

const credits = (overrides: Partial<CreditsResponse> = {}): CreditsResponse => ({
  bundles: [
    {
      id: 2,
      credits: 50,
      price: { amount: 995, currency: 'EUR' },
      final_price: { amount: 995, currency: 'EUR' },
      ribbon_percentage: 0,
      is_popular: false,
    },
  ],
  currency: 'EUR',
  country: 'DE',
  discount: null,
  methods: [
    { method: 'paysafecard', transaction_costs: 50 },
    { method: 'visa', transaction_costs: 0 },
    { method: 'paypal', transaction_costs: 0 },
    { method: 'sct', transaction_costs: 0 },
  ],
  direct_debit: true,
  payments_available: true,
  test_mode: false,
  last_order: null,
  ...overrides,
});

async function creditsPageMethods(data: CreditsResponse) {
  mockFetch(({ url }) => (url.pathname === '/api/credits.php' ? { body: data } : undefined));
  const view = renderWithProviders(<CreditsPage />, { path: '/credits', user: buildUser() });
  const list = await screen.findByRole('list', { name: 'Zahlungsarten (Deutschland)' });
  // Each entry's name beside its mark.
  const names = [...list.querySelectorAll(':scope > li > span')].map((name) => name.textContent?.trim());
  view.unmount();
  return names;
}

async function methodPageMethods(data: CreditsResponse) {
  mockFetch(({ url }) => (url.pathname === '/api/credits.php' ? { body: data } : undefined));
  const view = renderWithProviders(<p />, {
    path: '/credits/2',
    user: buildUser(),
    routes: [{ path: '/credits/:id/:paymentmethod?', element: <PaymentMethodPage /> }],
  });
  const list = await screen.findByRole('list', { name: 'Verfügbare Zahlungsarten' });
  const names = [...list.querySelectorAll('.method-option .fw-semibold')].map((name) => name.textContent?.trim());
  view.unmount();
  return names;
}

describe('the method lists of /credits and /credits/{id}', () => {
  it('agree, direct debit included, in the same order', async () => {
    const data = credits();
    const onCredits = await creditsPageMethods(data);
    const onMethodPage = await methodPageMethods(data);
    expect(onCredits).toEqual(onMethodPage);
    expect(onCredits).toContain('SEPA-Lastschrift');
    expect(onCredits).toHaveLength(5);
  });

  it('agree without direct debit too, and list it once should the checkout methods name it', async () => {
    const data = credits({ direct_debit: false });
    expect(await creditsPageMethods(data)).toEqual(await methodPageMethods(data));
    expect(await creditsPageMethods(data)).not.toContain('SEPA-Lastschrift');
    expect(
      offeredMethods({ methods: [{ method: 'sdd', transaction_costs: 0 }], direct_debit: true }).map((m) => m.kind),
    ).toEqual(['direct_debit']);
  });
});
