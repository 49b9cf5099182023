// /directdebit step 1: the IBAN written in groups of four and checked with ibantools in the browser, the form's own
// messages for empty fields, the server's field errors on their fields, and a refusal of direct debit with the way to
// the other methods.
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreditsResponse } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch, type MockRoute } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { DirectDebitPage } from './direct-debit-page.tsx';

beforeAll(async () => {
  await setupI18n();
});

const credits: CreditsResponse = {
  bundles: [
    {
      id: 7,
      credits: 50,
      price: { amount: 995, currency: 'EUR' },
      final_price: { amount: 995, currency: 'EUR' },
      ribbon_percentage: 0,
      is_popular: false,
    },
  ],
  currency: 'EUR',
  country: 'NL',
  discount: null,
  methods: [{ method: 'ideal', transaction_costs: 0 }],
  direct_debit: true,
  payments_available: true,
  test_mode: false,
  last_order: null,
};

const started = {
  direct_debit: {
    id: 12,
    iban: 'NL91**********4300',
    bank_name: 'ABN AMRO',
    mobile: '+31******78',
    credits: 50,
    amount: { amount: 995, currency: 'EUR' },
    resend_at: new Date(Date.now() + 60_000).toISOString(),
    expires_at: new Date(Date.now() + 600_000).toISOString(),
  },
};

function renderPage(directDebit: MockRoute = () => ({ body: started })) {
  const fetch = mockFetch((request) => {
    if (request.url.pathname === '/api/credits.php') return { body: credits };
    if (request.url.pathname === '/api/directdebit.php') return directDebit(request);
    return undefined;
  });
  renderWithProviders(<DirectDebitPage />, { path: '/directdebit?bundle=7', user: buildUser() });
  return fetch;
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

function fillValidDetails() {
  type('Account holder', 'J. de Vries');
  type('IBAN', 'NL91ABNA0417164300');
  type('Street', 'Keizersgracht');
  type('House number', '100');
  type('Postal code', '1015 AA');
  type('City', 'Amsterdam');
  type('Mobile number', '+31 6 12345678');
}

describe('direct debit details', () => {
  it('shows the bundle and its price beside labelled fields, the mobile number with its international format', async () => {
    renderPage();
    await screen.findByRole('group', { name: 'Your bank details' });
    expect(screen.getByRole('group', { name: 'Your address' })).toBeTruthy();
    expect(screen.getByRole('article', { name: '50 credits' })).toBeTruthy();
    expect(screen.getByTestId('direct-debit-total').textContent).toBe('Total €9.95');
    for (const label of ['Account holder', 'IBAN', 'Street', 'House number', 'Postal code', 'City', 'Mobile number'])
      expect(field(label)).toBeTruthy();
    expect(field('Mobile number').getAttribute('type')).toBe('tel');
    expect(field('Mobile number').getAttribute('autocomplete')).toBe('tel');
    expect(screen.getByText(/In international format, for example \+31 6 12345678/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose another payment method' }).getAttribute('href')).toBe('/credits/7');
  });

  it('writes the IBAN in groups of four while typing and names the bank code of a valid one', async () => {
    renderPage();
    await screen.findByLabelText('IBAN');
    type('IBAN', 'nl91abna04');
    expect(field('IBAN').value).toBe('NL91 ABNA 04');
    type('IBAN', 'NL91 ABNA 0417-1643 00');
    expect(field('IBAN').value).toBe('NL91 ABNA 0417 1643 00');
    expect(screen.getByText('Valid IBAN, bank code ABNA')).toBeTruthy();
    expect(field('IBAN').getAttribute('aria-invalid')).toBeNull();
  });

  it('says an IBAN failing the check is not valid once the field is left, and again on submit', async () => {
    const { calls } = renderPage();
    await screen.findByLabelText('IBAN');
    type('IBAN', 'NL91ABNA0417164301');
    expect(screen.queryByText('This IBAN is not valid. Please check it.')).toBeNull();
    fireEvent.blur(field('IBAN'));
    expect(screen.getByText('This IBAN is not valid. Please check it.')).toBeTruthy();
    expect(field('IBAN').getAttribute('aria-invalid')).toBe('true');

    fillValidDetails();
    type('IBAN', 'NL91ABNA0417164301');
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
    expect(screen.getByText('This IBAN is not valid. Please check it.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('IBAN')));
    expect(calls.some((call) => call.path === '/api/directdebit.php')).toBe(false);
  });

  it('names each empty field in its own words and focuses the first', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Send me the code' }));
    expect(screen.getByText('Enter the name of the account holder.')).toBeTruthy();
    expect(screen.getByText('Enter your IBAN.')).toBeTruthy();
    expect(screen.getByText('Enter your house number.')).toBeTruthy();
    expect(
      screen.getByText('Enter your mobile number with the country code, for example +31 6 12345678.'),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Account holder')));
  });

  it("puts the server's field errors on their fields, its IBAN refusal on the IBAN", async () => {
    let answer = jsonError(400, 'validation_failed', {
      fields: [
        { path: 'mobile', code: 'mobile_invalid', message: 'x' },
        { path: 'city', code: 'invalid_value', message: 'x' },
      ],
    });
    const { calls } = renderPage(() => answer);
    await screen.findByLabelText('IBAN');
    fillValidDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
    await screen.findByText('Enter your mobile number with the country code, for example +31 6 12345678.');
    expect(field('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(field('City').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.find((call) => call.path === '/api/directdebit.php')?.body).toMatchObject({
      bundle_id: 7,
      country: 'NL',
      holder: 'J. de Vries',
      iban: 'NL91 ABNA 0417 1643 00',
      house_number: '100',
      mobile: '+31 6 12345678',
    });

    answer = jsonError(400, 'iban_invalid');
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
    await screen.findByText('This IBAN is not valid. Please check it.');
    expect(field('IBAN').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field('IBAN')));
  });

  it.each([
    ['direct_debit_blocked', 'Your account is blocked for direct debit payments.'],
    [
      'direct_debit_limit',
      'Limit reached: please try again later, choose a cheaper package or another payment method.',
    ],
  ])('says %s in an alert with the way to another payment method', async (code, text) => {
    renderPage(() => jsonError(403, code));
    await screen.findByLabelText('IBAN');
    fillValidDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    expect(within(alert).getByRole('link', { name: 'Choose another payment method' }).getAttribute('href')).toBe(
      '/credits/7',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('moves on to the code once the server texted it', async () => {
    renderPage();
    await screen.findByLabelText('IBAN');
    fillValidDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Send me the code' }));
    expect(await screen.findByRole('heading', { name: 'Enter the code' })).toBeTruthy();
    expect(screen.getByTestId('direct-debit-sent').textContent).toBe('We sent a code to +31******78.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code from the text message')));

    // Back to the details: what was entered is still there.
    fireEvent.click(screen.getByRole('button', { name: 'Change your details' }));
    expect(field('IBAN').value).toBe('NL91 ABNA 0417 1643 00');
    expect(field('City').value).toBe('Amsterdam');
  });

  it('says so where direct debit is not offered', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/credits.php' ? { body: { ...credits, country: 'US', direct_debit: false } } : undefined,
    );
    renderWithProviders(<DirectDebitPage />, { path: '/directdebit?bundle=7', user: buildUser() });
    expect(await screen.findByText(/Direct debit is not available for payments from United States/)).toBeTruthy();
    expect(screen.queryByLabelText('IBAN')).toBeNull();
  });
});
