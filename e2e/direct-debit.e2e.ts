// Paying by SEPA direct debit with a texted code, in the browser on the sandbox provider: a member picks a bundle,
// chooses direct debit, fills in the bank details (the IBAN grouped and checked as typed), reads the code from the
// development SMS outbox (GET /api/dev/sms), enters a wrong code ("Code invalid"), then the right one, and lands on the
// order page, pending until the bank settles it.
import { describe, expect, test } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser();

const CLIENT = { 'Request-Type': 'client' };

/** Signs up through the API, which logs this browser context in. */
async function signUp(request: APIRequestContext): Promise<void> {
  const name = `Debitor${(Date.now() % 100000).toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `${name.toLowerCase()}@example.com`;
  const response = await request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, username: name, password: 'debit-secret-1', date_of_birth: '1988-04-12' },
  });
  expect(response.status()).toBe(201);
}

/** The newest code texted to `mobile` (international format without spaces). */
async function textedCode(request: APIRequestContext, mobile: string): Promise<string> {
  const response = await request.get(`/api/dev/sms?to=${encodeURIComponent(mobile)}`);
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: { body: string }[] };
  const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
  expect(code).toBeTruthy();
  return code!;
}

describe('paying by direct debit', () => {
  test('a member pays a bundle by direct debit: details, a wrong code, the right code, the pending order', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page.request);
    // A number of this test's own, so the outbox holds only its codes.
    const digits = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
    const mobile = `+316${digits.slice(0, 8)}`;

    await page.goto('/credits');
    await page.getByRole('heading', { name: 'Buy credits', level: 1 }).waitFor();
    await page.getByRole('link', { name: /^Buy 50 credits for / }).click();
    await page.waitForURL(/\/credits\/\d+$/);
    const bundleId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page.getByRole('heading', { name: 'Choose how to pay', level: 1 }).waitFor();

    // Direct debit is offered in the Netherlands (the default site's first country) beside the checkout methods.
    await page.getByRole('link', { name: /^SEPA Direct Debit/ }).click();
    await page.waitForURL(
      (url) => url.pathname === '/directdebit' && url.searchParams.get('bundle') === String(bundleId),
    );
    await page.getByRole('heading', { name: 'Pay by direct debit', level: 1 }).waitFor();
    await page.getByRole('article', { name: '50 credits' }).waitFor();

    await page.getByLabel('Account holder').fill('J. de Vries');
    const iban = page.getByLabel('IBAN', { exact: true });
    await iban.pressSequentially('nl91abna0417164300');
    expect(await iban.inputValue()).toBe('NL91 ABNA 0417 1643 00');
    await page.getByText('Valid IBAN, bank code ABNA').waitFor();
    await page.getByLabel('Street').fill('Keizersgracht');
    await page.getByLabel('House number').fill('100');
    await page.getByLabel('Postal code').fill('1015 AA');
    await page.getByLabel('City').fill('Amsterdam');
    await page.getByLabel('Mobile number').fill(`+31 6 ${digits.slice(0, 8)}`);
    await page.getByRole('button', { name: 'Send me the code' }).click();

    // Step 2: where the code went, the field focused, the resend button counting down.
    await page.getByRole('heading', { name: 'Enter the code' }).waitFor();
    await page
      .getByText(`We sent a code to ${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-2)}.`)
      .waitFor();
    // The new member's welcome bonus lowers the price; the bank is named from the IBAN.
    await page.getByText(/^50 credits for €\d+\.\d{2}, debited from NL91\*{10}4300 \(ABN AMRO\)\.$/).waitFor();
    const codeField = page.getByLabel('Code from the text message');
    expect(await codeField.evaluate((element) => element === document.activeElement)).toBe(true);
    const resend = page.getByTestId('direct-debit-resend');
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.innerText()).toMatch(/^Send a new code in \d+ seconds$/);

    const code = await textedCode(page.request, mobile);
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByText('Code invalid').waitFor();
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');

    await codeField.fill(code);
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.waitForURL(/\/transactions\/\d+$/);
    await page.getByRole('heading', { name: 'Your payment is being processed…' }).waitFor();
    const orderId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const order = (await (await page.request.get(`/api/order.php?id=${orderId}`, { headers: CLIENT })).json()) as {
      order: { status: string; method: string; credits: number };
    };
    expect(order.order).toMatchObject({ method: 'sdd', credits: 50 });
    expect(['pending', 'paid']).toContain(order.order.status);
  });

  test('a member is told in words, on the field, when the IBAN is not valid', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page.request);
    await page.goto('/credits');
    await page.getByRole('link', { name: /^Buy 50 credits for / }).click();
    await page.getByRole('link', { name: /^SEPA Direct Debit/ }).click();
    const iban = page.getByLabel('IBAN', { exact: true });
    await iban.fill('NL91 ABNA 0417 1643 01');
    await page.getByLabel('Street').focus();
    await page.getByText('This IBAN is not valid. Please check it.').waitFor();
    expect(await iban.getAttribute('aria-invalid')).toBe('true');
  });
});
