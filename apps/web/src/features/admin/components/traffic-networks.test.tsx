// Networks: a new one is sent with its payouts in minor units (by the currency's decimals) and shares as numbers, the
// server's field errors are shown at their fields, a deletion is confirmed in a dialog, and a read-only role sees no
// write controls.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18next } from '../../../lib/i18n.ts';
import { renderWithProviders, settleOverlays, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { TrafficPage } from './traffic-page.tsx';

vi.mock('./day-chart.tsx', () => ({ DayChart: () => null }));

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const admin = { id: 1, email: 'admin@example.com', name: 'Ada', role: 'admin' as const };
const support = { id: 2, email: 'sup@example.com', name: 'Sue', role: 'support' as const };

const partner = {
  id: 4,
  key: 'partner',
  name: 'Partner Ads',
  click_id_param: 'click_id',
  ref_param: 'ref',
  payouts: { signup: { amount_minor: 250, currency: 'EUR' }, activation: null, first_purchase: null, purchase: null },
  postbacks: { signup: 'https://partner.example/pb?c={click_id}' },
  signature_header: null,
  has_signing_secret: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};

async function renderNetworks(
  staff: typeof admin | typeof support,
  onWrite: (method: string, path: string) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  const { calls } = mockFetch(({ method, url }) => {
    if (method !== 'GET') return onWrite(method, url.pathname);
    if (url.pathname === '/api/admin/traffic/networks') return { body: { networks: [partner] } };
    if (url.pathname === '/api/admin/traffic/report')
      return { body: { from: '2026-10-04', to: '2026-11-02', rows: [], days: [] } };
    if (url.pathname === '/api/admin/sites') return { body: { sites: [] } };
    return undefined;
  });
  renderWithProviders(<TrafficPage staff={staff} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Networks' }));
  return calls;
}

function fillNewNetwork(form: HTMLElement) {
  const type = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  type('Name', 'New Traffic');
  type('Key', 'NewTraffic');
  type('Per signup (amount)', '2,5');
  type('Per activation (amount)', '500');
  type('Currency (Activation)', 'jpy');
  type('Share of every purchase (%)', '12.5');
  type('Signup postback', 'https://new.example/pb?c={click_id}&p={payout}');
  type('Signature header', 'X-Signature');
  type('Signing secret', 'a-secret-of-some-length');
}

describe('TrafficNetworks', () => {
  it('creates a network with the payouts in minor units and the shares as numbers', async () => {
    const calls = await renderNetworks(admin, (method, path) =>
      method === 'POST' && path === '/api/admin/traffic/networks'
        ? { body: { network: { ...partner, id: 5, key: 'newtraffic', name: 'New Traffic' } } }
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New network' }));
    const form = screen.getByRole('form', { name: 'New network' });
    expect(within(form).getByLabelText('Signing secret').getAttribute('type')).toBe('password');
    expect(within(form).getByText('No secret is set. At least 16 characters.')).toBeTruthy();
    fillNewNetwork(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Save network' }));
    expect(await screen.findByText('Network New Traffic saved.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      key: 'newtraffic',
      name: 'New Traffic',
      click_id_param: 'click_id',
      ref_param: 'ref',
      payouts: {
        signup: { amount_minor: 250, currency: 'EUR' },
        activation: { amount_minor: 500, currency: 'JPY' },
        first_purchase: null,
        purchase: { percent: 12.5 },
      },
      postbacks: {
        signup: 'https://new.example/pb?c={click_id}&p={payout}',
        activation: null,
        first_purchase: null,
        purchase: null,
        reversal: null,
      },
      signature_header: 'X-Signature',
      signing_secret: 'a-secret-of-some-length',
    });
  });

  it('refuses an amount with more decimals than its currency at the field, before sending', async () => {
    const calls = await renderNetworks(admin);
    fireEvent.click(await screen.findByRole('button', { name: 'New network' }));
    const form = screen.getByRole('form', { name: 'New network' });
    fillNewNetwork(form);
    fireEvent.change(within(form).getByLabelText('Per activation (amount)'), { target: { value: '5.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save network' }));
    const amount = within(form).getByLabelText('Per activation (amount)');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s field error next to its field', async () => {
    await renderNetworks(admin, (method) =>
      method === 'PUT'
        ? jsonError(400, 'postback_url_refused', {
            fields: [{ path: 'postbacks.signup', code: 'postback_url_refused' }],
          })
        : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Partner Ads' }));
    const form = screen.getByRole('form', { name: 'Edit Partner Ads' });
    expect(within(form).getByLabelText('Per signup (amount)')).toHaveProperty('value', '2.50');
    expect(within(form).getByText('A secret is set. Leave this empty to keep it.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save network' }));
    const field = within(form).getByLabelText('Signup postback');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = field
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(i18next.exists('errors:postback_url_refused')).toBe(true);
    expect(described).toContain(i18next.t('errors:postback_url_refused'));
    // Said once, at the field: no summary above the form.
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('deletes a network only after the dialog is confirmed', async () => {
    const calls = await renderNetworks(admin, (method) =>
      method === 'DELETE' ? { body: { success: true } } : undefined,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Partner Ads' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete network Partner Ads?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settleOverlays();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Partner Ads' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete network Partner Ads?' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Network Partner Ads deleted.')).toBeTruthy();
    await settleOverlays();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/admin/traffic/networks/4',
    ]);
  });

  it('shows a role that may only read the networks no write controls', async () => {
    await renderNetworks(support);
    const table = await screen.findByRole('table', { name: 'Networks' });
    expect(within(table).getByRole('rowheader', { name: 'Partner Ads' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Signup: €2.50' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New network' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Partner Ads' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Partner Ads' })).toBeNull();
  });
});
