// /directdebit step 2: the code field (one-time-code, numeric), "Code invalid" on it, the resend button counting down to
// the cooldown's end and then enabled, an expired code with a new one, and the right code opening the order.
import { act, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch, type MockAnswer } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { checkContract } from '../../../lib/api-client.ts';
import type { DirectDebitState } from '../api/start-direct-debit.ts';
import { DirectDebitCodeForm } from './direct-debit-code-form.tsx';

const NOW = Date.parse('2026-03-01T10:00:00.000Z');

function state(sentAt: number, overrides: Partial<DirectDebitState> = {}): DirectDebitState {
  return {
    id: 12,
    iban: 'NL91**********4300',
    bank_name: 'ABN AMRO',
    mobile: '+31******78',
    credits: 50,
    amount: { amount: 995, currency: 'EUR' },
    resend_at: new Date(sentAt + 60_000).toISOString(),
    expires_at: new Date(sentAt + 600_000).toISOString(),
    ...overrides,
  };
}

beforeAll(async () => {
  await setupI18n();
  // The API client loads the contracts on its first check; loaded here on real timers, the fake ones below need not wait for it.
  await checkContract('/api/directdebit.php', 'directDebitResponseSchema', { direct_debit: state(NOW) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

type Answers = { verify?: () => MockAnswer; resend?: () => MockAnswer };

/** `sentAgoMs`: the code was sent (and its state received) that long before now. */
function renderStep(answers: Answers = {}, sentAgoMs = 0) {
  const initial = state(Date.now() - sentAgoMs);
  const onOrdered = vi.fn();
  const { calls } = mockFetch(({ url }) => {
    if (url.pathname === '/api/directdebit-verify.php') return answers.verify?.();
    if (url.pathname === '/api/directdebit-resend.php') return answers.resend?.();
    return undefined;
  });
  function Harness() {
    // The page keeps the state and when it arrived; a resent code replaces both.
    const [current, setCurrent] = useState({ state: initial, receivedAt: Date.now() - sentAgoMs });
    return (
      <DirectDebitCodeForm
        state={current.state}
        receivedAt={current.receivedAt}
        otherMethodsHref="/credits/7"
        onResent={(next, receivedAt) => setCurrent({ state: next, receivedAt })}
        onChangeDetails={() => undefined}
        onOrdered={onOrdered}
      />
    );
  }
  renderWithProviders(<Harness />, { path: '/directdebit?bundle=7', user: buildUser() });
  return { calls, onOrdered };
}

const codeInput = () => screen.getByLabelText('Code from the text message') as HTMLInputElement;
const resendButton = () => screen.getByTestId('direct-debit-resend') as HTMLButtonElement;

describe('direct debit code', () => {
  it('says where the code went, and starts in a one-time-code field for digits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    renderStep();
    await advance(10);
    expect(screen.getByRole('status').textContent).toBe('We sent a code to +31******78.');
    expect(screen.getByText('50 credits for €9.95, debited from NL91**********4300 (ABN AMRO).')).toBeTruthy();
    const input = codeInput();
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(input, { target: { value: '12 34-56' } });
    expect(input.value).toBe('123456');
  });

  it('keeps resend disabled with a live countdown until the cooldown is over, then sends a new code', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    const { calls } = renderStep({ resend: () => ({ body: { direct_debit: state(Date.now()) } }) });
    await advance(10);
    expect(resendButton().disabled).toBe(true);
    expect(resendButton().textContent).toBe('Send a new code in 60 seconds');
    await advance(15_000);
    expect(resendButton().textContent).toBe('Send a new code in 45 seconds');
    await advance(44_000);
    expect(resendButton().textContent).toBe('Send a new code in 1 second');
    expect(resendButton().disabled).toBe(true);
    await advance(1_000);
    expect(resendButton().disabled).toBe(false);
    expect(resendButton().textContent).toBe('Send a new code');

    fireEvent.click(resendButton());
    await advance(10);
    expect(calls.filter((call) => call.path === '/api/directdebit-resend.php')).toEqual([
      { method: 'POST', path: '/api/directdebit-resend.php', body: { id: 12 } },
    ]);
    expect(screen.getByRole('status').textContent).toBe('We sent a new code to +31******78.');
    // A new cooldown.
    expect(resendButton().disabled).toBe(true);
    expect(resendButton().textContent).toBe('Send a new code in 60 seconds');
    expect(document.activeElement).toBe(codeInput());
  });

  it('follows the server when it says how long to wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    // Shown as sendable (the browser's count is over) while the server still waits 20 s.
    renderStep({ resend: () => jsonError(429, 'direct_debit_resend_wait', { params: { count: 20 } }) }, 61_000);
    await advance(10);
    expect(resendButton().disabled).toBe(false);
    fireEvent.click(resendButton());
    await advance(10);
    expect(resendButton().textContent).toBe('Send a new code in 20 seconds');
    // The clock ticks each second from when the page opened: enabled within a second of the server's moment.
    await advance(21_000);
    expect(resendButton().disabled).toBe(false);
  });

  it('says "Code invalid" on the field, announced and focused', async () => {
    const { calls, onOrdered } = renderStep({ verify: () => jsonError(400, 'direct_debit_code_invalid') });
    fireEvent.change(codeInput(), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    const error = await screen.findByText('Code invalid');
    expect(error.getAttribute('role')).toBe('alert');
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(codeInput().getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(codeInput());
    expect(calls.find((call) => call.path === '/api/directdebit-verify.php')?.body).toEqual({ id: 12, code: '000000' });
    expect(onOrdered).not.toHaveBeenCalled();
    // Typing again clears it.
    fireEvent.change(codeInput(), { target: { value: '1' } });
    expect(screen.queryByText('Code invalid')).toBeNull();
  });

  it('asks for all six digits before sending anything', async () => {
    const { calls } = renderStep();
    fireEvent.change(codeInput(), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('Enter the 6-digit code from the text message.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says an expired code expired and offers a new one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    renderStep({ verify: () => jsonError(410, 'direct_debit_code_expired') }, 120_000);
    await advance(10);
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await advance(10);
    expect(screen.getByTestId('direct-debit-expired').textContent).toBe('This code has expired. Ask for a new one.');
    expect(screen.getByRole('button', { name: 'Confirm payment' })).toHaveProperty('disabled', true);
    expect(resendButton().disabled).toBe(false);
  });

  it("says so by itself once the code's 10 minutes are over", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    renderStep();
    await advance(10);
    expect(screen.queryByTestId('direct-debit-expired')).toBeNull();
    await advance(600_000);
    expect(screen.getByTestId('direct-debit-expired')).toBeTruthy();
  });

  it('opens the order once the right code is in', async () => {
    const order = {
      id: 41,
      payment_id: 41,
      paymentmethod: 'sdd',
      bundle_id: 7,
      status: 'pending',
      credits: 50,
      amount: { amount: 995, currency: 'EUR' },
      transaction_costs: 0,
      discount_code: null,
      discount_percentage: 0,
      method: 'sdd',
      created_at: new Date().toISOString(),
      paid_at: null,
      refunded_credits: 0,
      refunded_amount: 0,
      refundable_until: null,
      is_repeat: false,
      checkout_url: null,
    };
    const { onOrdered } = renderStep({ verify: () => ({ body: { order } }) });
    fireEvent.change(codeInput(), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await vi.waitFor(() => expect(onOrdered).toHaveBeenCalledWith(41));
  });
});
