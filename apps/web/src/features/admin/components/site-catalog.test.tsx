// A site's bundles: prices shown and typed with the currency's own decimals (EUR 2, JPY 0, KWD 3).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { SiteCatalog } from './site-catalog.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const bundle = (id: number, currency: string, priceMinor: number) => ({
  id,
  site_id: 2,
  currency,
  credits: 100,
  price_minor: priceMinor,
  is_popular: false,
  is_active: true,
  sort_order: 0,
});

function renderCatalog() {
  const { calls } = mockFetch(({ method, url }) => {
    if (url.pathname === '/api/admin/sites/2/bundles' && method === 'GET')
      return { body: { bundles: [bundle(1, 'EUR', 995), bundle(2, 'JPY', 500), bundle(3, 'KWD', 1250)] } };
    if (url.pathname === '/api/admin/sites/2/bundles' && method === 'POST')
      return { body: { bundle: bundle(4, 'JPY', 1200) } };
    if (url.pathname === '/api/admin/sites/2/discount-codes') return { body: { discount_codes: [] } };
    return undefined;
  });
  renderWithProviders(<SiteCatalog siteId={2} currency="EUR" />);
  return calls;
}

describe('SiteCatalog', () => {
  it('shows each bundle price with its currency’s decimals', async () => {
    renderCatalog();
    const table = await screen.findByRole('table', { name: 'Credit bundles' });
    await within(table).findByRole('cell', { name: '€9.95' });
    expect(within(table).getByRole('cell', { name: '¥500' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'KWD\u00a01.250' })).toBeTruthy();
  });

  it('reads the typed price by the currency: whole yen, dinar to three decimals, no more cents than a euro has', async () => {
    const calls = renderCatalog();
    const form = await screen.findByRole('form', { name: 'Add bundle' });
    const fill = (currency: string, credits: string, price: string) => {
      fireEvent.change(within(form).getByLabelText('Currency'), { target: { value: currency } });
      fireEvent.change(within(form).getByLabelText('Credits'), { target: { value: credits } });
      fireEvent.change(within(form).getByLabelText('Price'), { target: { value: price } });
      fireEvent.click(within(form).getByRole('button', { name: 'Add bundle' }));
    };
    const posted = () => calls.filter((call) => call.method === 'POST').map((call) => call.body);

    fill('EUR', '100', '9.995');
    await waitFor(() => expect(within(form).getByLabelText('Price').getAttribute('aria-invalid')).toBe('true'));
    fill('JPY', '100', '12.5');
    await waitFor(() => expect(within(form).getByLabelText('Price').getAttribute('aria-invalid')).toBe('true'));
    expect(posted()).toEqual([]);

    fill('jpy', '100', '1200');
    await waitFor(() => expect(posted()).toHaveLength(1));
    fill('KWD', '100', '1.25');
    await waitFor(() => expect(posted()).toHaveLength(2));
    fill('EUR', '100', '9,95');
    await waitFor(() => expect(posted()).toHaveLength(3));
    expect(posted().map((body) => (body as { currency: string; price_minor: number }).price_minor)).toEqual([
      1200, 1250, 995,
    ]);
    expect(posted().map((body) => (body as { currency: string }).currency)).toEqual(['JPY', 'KWD', 'EUR']);
  });
});
