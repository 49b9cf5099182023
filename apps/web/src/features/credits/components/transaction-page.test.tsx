// The payment status page: pending asks again every 2 s until the order settles; paid says the credits were added and
// refreshes the member; failed or cancelled says so and offers another method for the same bundle; no id lists the orders.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Order } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { checkContract } from '../../../lib/api-client.ts';
import { rememberOrderBundle } from '../lib/payment-store.ts';
import { TransactionPage } from './transaction-page.tsx';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

beforeAll(async () => {
  await setupI18n();
  // The API client loads the contracts on its first check; loaded here on real timers, the fake ones below need not wait for it.
  await checkContract('/api/order.php', 'orderResponseSchema', { order: order() });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function order(overrides: Partial<Order> = {}): Order {
  const method = overrides.method ?? 'ideal';
  return {
    id: 41,
    payment_id: 41,
    paymentmethod: method,
    bundle_id: 7,
    status: 'pending',
    credits: 100,
    amount: { amount: 1346, currency: 'EUR' },
    transaction_costs: 0,
    discount_code: 'WELCOME-4H',
    discount_percentage: 25,
    method: 'ideal',
    created_at: new Date(NOW - 60_000).toISOString(),
    paid_at: null,
    refunded_credits: 0,
    refunded_amount: 0,
    refundable_until: null,
    is_repeat: false,
    checkout_url: null,
    ...overrides,
  };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function renderAt(path: string) {
  return renderWithProviders(<TransactionPage />, {
    path,
    user: buildUser(),
    routes: [{ path: '/transactions/:id?', element: <TransactionPage /> }],
  });
}

describe('payment status', () => {
  it('shows pending, asks again every 2 s, then completed with the credits and a refreshed member', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    let current = order();
    const { calls } = mockFetch(({ url }) => {
      if (url.pathname === '/api/order.php') return { body: { order: current } };
      if (url.pathname === '/api/user.php') return { body: { user: buildUser({ paid_user: true, credits: 120 }) } };
      return undefined;
    });
    renderAt('/transactions/41');
    await advance(10);
    expect(screen.getByRole('heading', { name: 'Order 41', level: 1 })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Your payment is being processed…');
    const orderCalls = () => calls.filter((call) => call.path === '/api/order.php?id=41').length;
    expect(orderCalls()).toBe(1);
    await advance(2000);
    expect(orderCalls()).toBe(2);

    current = order({ status: 'paid', paid_at: new Date(NOW + 2000).toISOString() });
    await advance(2000);
    expect(screen.getByRole('heading', { name: 'Payment completed' })).toBeTruthy();
    expect(screen.getByText('100 credits have been added to your account.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Thank you! Your credits are ready to use.');
    expect(calls.some((call) => call.path === '/api/user.php')).toBe(true);
    // Settled: no more asking.
    await advance(10_000);
    expect(orderCalls()).toBe(3);
  });

  it('says a failed or cancelled payment failed and offers another method for the same bundle', async () => {
    rememberOrderBundle(41, 7);
    mockFetch(({ url }) =>
      url.pathname === '/api/order.php' ? { body: { order: order({ status: 'canceled' }) } } : undefined,
    );
    renderAt('/transactions/41');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Payment failed or has been cancelled' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try another payment method' }).getAttribute('href')).toBe('/credits/7');
  });

  it('says a declined saved card could not complete, with try again and PayPal', async () => {
    rememberOrderBundle(41, 7);
    mockFetch(({ url }) =>
      url.pathname === '/api/order.php'
        ? { body: { order: order({ status: 'failed', is_repeat: true, method: 'creditcard' }) } }
        : undefined,
    );
    renderAt('/transactions/41');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('The stored card payment could not complete. Try again or use PayPal.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/credits/repeat-order');
    expect(screen.getByRole('link', { name: 'Pay with PayPal' }).getAttribute('href')).toBe('/credits/7/paypal');
  });

  it("offers to continue an open payment at the provider's checkout", async () => {
    rememberOrderBundle(41, 7);
    mockFetch(({ url }) =>
      url.pathname === '/api/order.php'
        ? { body: { order: order({ status: 'open', checkout_url: 'https://pay.example/checkout/41' }) } }
        : undefined,
    );
    renderAt('/transactions/41');
    expect((await screen.findByRole('link', { name: 'Continue payment' })).getAttribute('href')).toBe(
      'https://pay.example/checkout/41',
    );
    expect(screen.getByRole('link', { name: 'Try another payment method' }).getAttribute('href')).toBe('/credits/7');
  });

  it('says a refunded order was refunded: no "credits added", no greeting', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/order.php'
        ? {
            body: {
              order: order({
                status: 'refunded',
                paid_at: new Date(NOW - 30_000).toISOString(),
                refunded_credits: 40,
                refunded_amount: 538,
              }),
            },
          }
        : undefined,
    );
    renderAt('/transactions/41');
    expect(await screen.findByRole('heading', { name: 'Unused credits refunded' })).toBeTruthy();
    expect(screen.getByText('40 unused credits were refunded (€5.38).')).toBeTruthy();
    expect(screen.queryByText(/have been added to your account/)).toBeNull();
    expect(screen.queryByText('Thank you! Your credits are ready to use.')).toBeNull();
  });

  it('says an unknown order was not found', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/order.php'
        ? {
            status: 404,
            body: { error: { status: 404, code: 'order_not_found', message: 'This order could not be found.' } },
          }
        : undefined,
    );
    renderAt('/transactions/99');
    expect(await screen.findByText('This order could not be found.')).toBeTruthy();
  });

  it("lists the member's orders without an id", async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/orders.php'
        ? {
            body: {
              orders: [
                order({ id: 3, status: 'refunded', refunded_credits: 10 }),
                order({ id: 2, status: 'paid', paid_at: new Date(NOW).toISOString() }),
                order({ id: 1, status: 'failed' }),
              ],
            },
          }
        : undefined,
    );
    renderAt('/transactions');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Refunded')).toBeTruthy();
    expect(within(rows[2]!).getByText('Paid')).toBeTruthy();
    // Dates follow the app's one date helper: English is the British form (dateLocaleFor), in the display time zone.
    expect(within(rows[2]!).getByRole('link', { name: '1 Mar 2026: View order 2' }).getAttribute('href')).toBe(
      '/transactions/2',
    );
    expect(within(rows[3]!).getByText('Failed')).toBeTruthy();
  });
});
