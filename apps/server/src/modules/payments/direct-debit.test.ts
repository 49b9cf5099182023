import nock from 'nock';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIRECT_DEBIT_CODE_ATTEMPTS,
  DIRECT_DEBIT_LIMIT_MINOR_30_DAYS,
  DIRECT_DEBIT_RESEND_SECONDS,
  type CreditsResponse,
  type Order,
} from '@app/contracts';
import { directDebitRequests, orders, sandboxPayments, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { concurrencyProves } from '../../test-support/concurrency.ts';
import { sessionOn, useTwoInstances } from '../../test-support/two-instances.ts';
import { advanceClock, type Client } from '../../test-support/accounts.ts';
import { getBalance } from '../credits/index.ts';
import { createMember, type TestMember } from '../../test-support/members.ts';
import { bankNameOf } from './bank-codes.ts';

const details = (bundleId: number, overrides: Record<string, unknown> = {}) => ({
  bundle_id: bundleId,
  country: 'NL',
  holder: 'J. de Vries',
  iban: 'NL91 ABNA 0417 1643 00',
  street: 'Keizersgracht',
  house_number: '100',
  postal_code: '1015 AA',
  city: 'Amsterdam',
  mobile: '+31 6 12345678',
  ...overrides,
});

describe('direct debit with an SMS code (sandbox provider, development SMS outbox)', () => {
  let app: TestApp;
  let realNow: () => Date;
  beforeAll(async () => {
    app = await buildTestApp();
    realNow = app.clock.now;
  });
  afterAll(() => app.close());

  async function member(): Promise<{ member: TestMember; bundleId: number }> {
    const created = await createMember(app);
    await app.db
      .update(users)
      .set({ createdAt: sql`now() - interval '5 hours'` })
      .where(eq(users.id, created.user.id));
    await app.memberEvents.changed(created.user.id);
    const page = (await created.client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>();
    return { member: created, bundleId: page.bundles[0]!.id };
  }
  const start = (client: Client, body: Record<string, unknown>) =>
    client.request({ method: 'POST', url: '/api/directdebit.php', payload: body });
  const verify = (client: Client, id: number, code: string) =>
    client.request({ method: 'POST', url: '/api/directdebit-verify.php', payload: { id, code } });
  async function lastCode(mobile = '+31612345678'): Promise<string> {
    const outbox = (await app.inject({ url: `/api/dev/sms?to=${encodeURIComponent(mobile)}` })).json<{
      messages: { body: string }[];
    }>();
    return /\b(\d{6})\b/.exec(outbox.messages[0]!.body)![1]!;
  }

  it("names the bank from the IBAN's bank code, or shows the code", () => {
    expect(bankNameOf('NL', 'ABNA')).toBe('ABN AMRO');
    expect(bankNameOf('DE', '10070000')).toBe('Deutsche Bank');
    expect(bankNameOf('NL', 'ZZZZ')).toBe('ZZZZ');
    expect(bankNameOf('US', '1234')).toBe('1234');
  });

  it('refuses an invalid IBAN or mobile number with translated errors, sending nothing', async () => {
    const { member: m, bundleId } = await member();
    const badIban = await start(m.client, details(bundleId, { iban: 'NL91 ABNA 0417 1643 01' }));
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json()).toMatchObject({ error: { code: 'iban_invalid' } });
    const badMobile = await start(m.client, details(bundleId, { mobile: '0612345678' }));
    expect(badMobile.statusCode).toBe(400);
    expect(JSON.stringify(badMobile.json())).toContain('mobile_invalid');
    const missing = await start(m.client, details(bundleId, { holder: ' ' }));
    expect(missing.statusCode).toBe(400);
  });

  it('texts a code; a wrong code is "Code invalid", the right one submits a pending debit that credits once the bank settles it', async () => {
    const { member: m, bundleId } = await member();
    const started = await start(m.client, details(bundleId));
    expect(started.statusCode).toBe(200);
    const state = started.json().direct_debit;
    expect(state).toMatchObject({
      iban: 'NL91**********4300',
      bank_name: 'ABN AMRO',
      credits: 50,
      amount: { amount: 995, currency: 'EUR' },
    });
    const code = await lastCode();
    const wrong = await verify(m.client, state.id, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { code: 'direct_debit_code_invalid', message: 'Code invalid' } });
    const right = await verify(m.client, state.id, code);
    expect(right.statusCode).toBe(200);
    const order = right.json<{ order: Order }>().order;
    expect(order).toMatchObject({ status: 'pending', method: 'sdd', credits: 50 });
    expect(await getBalance(app.db, m.user.id)).toBe(20);
    // The IBAN is kept masked once the mandate is with the provider; a second confirmation does nothing.
    const [stored] = await app.db.select().from(directDebitRequests).where(eq(directDebitRequests.id, state.id));
    expect(stored!.iban).toBe('NL91**********4300');
    expect((await verify(m.client, state.id, code)).statusCode).toBe(404);
    // Only one unsettled debit at a time.
    expect((await start(m.client, details(bundleId))).json()).toMatchObject({ error: { code: 'direct_debit_limit' } });

    // The bank settles it.
    const [payment] = await app.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.method, 'directdebit'))
      .orderBy(sql`created_at desc`)
      .limit(1);
    await app.inject({
      method: 'POST',
      url: '/api/sandbox-checkout.php',
      payload: { id: payment!.id, outcome: 'paid' },
    });
    expect((await m.client.request({ url: `/api/order.php?id=${order.id}` })).json().order.status).toBe('paid');
    expect(await getBalance(app.db, m.user.id)).toBe(70);
  });

  it('resends a code only after the cooldown; an expired code is refused', async () => {
    const { member: m, bundleId } = await member();
    const state = (await start(m.client, details(bundleId, { mobile: '+31 6 87654321' }))).json().direct_debit;
    const early = await m.client.request({
      method: 'POST',
      url: '/api/directdebit-resend.php',
      payload: { id: state.id },
    });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ error: { code: 'direct_debit_resend_wait' } });
    advanceClock(app, (DIRECT_DEBIT_RESEND_SECONDS + 1) * 1000);
    const first = await lastCode('+31687654321');
    const resent = await m.client.request({
      method: 'POST',
      url: '/api/directdebit-resend.php',
      payload: { id: state.id },
    });
    expect(resent.statusCode).toBe(200);
    const second = await lastCode('+31687654321');
    if (first !== second)
      expect((await verify(m.client, state.id, first)).json()).toMatchObject({
        error: { code: 'direct_debit_code_invalid' },
      });
    advanceClock(app, 11 * 60 * 1000);
    const late = await verify(m.client, state.id, second);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ error: { code: 'direct_debit_code_expired' } });
    app.clock.now = realNow;
  });

  it('blocks direct debit for a member whose debit bounced', async () => {
    const { member: m, bundleId } = await member();
    const state = (await start(m.client, details(bundleId, { mobile: '+31 6 11112222' }))).json().direct_debit;
    const order = (await verify(m.client, state.id, await lastCode('+31611112222'))).json<{ order: Order }>().order;
    const [payment] = await app.db
      .select()
      .from(sandboxPayments)
      .where(sql`${sandboxPayments.metadata}->>'orderId' = ${String(order.id)}`);
    await app.inject({
      method: 'POST',
      url: '/api/sandbox-checkout.php',
      payload: { id: payment!.id, outcome: 'failed' },
    });
    expect((await m.client.request({ url: `/api/order.php?id=${order.id}` })).json().order.status).toBe('failed');
    const blocked = await start(m.client, details(bundleId, { mobile: '+31 6 11112222' }));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { code: 'direct_debit_blocked' } });
    expect(await getBalance(app.db, m.user.id)).toBe(20);
  });

  it('shows a member only their own direct debits', async () => {
    const { member: owner, bundleId } = await member();
    const { member: other } = await member();
    const state = (await start(owner.client, details(bundleId, { mobile: '+31 6 33334444' }))).json().direct_debit;
    expect((await verify(other.client, state.id, await lastCode('+31633334444'))).statusCode).toBe(404);
    expect(
      (await other.client.request({ method: 'POST', url: '/api/directdebit-resend.php', payload: { id: state.id } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('direct-debit limits and code tries under concurrency, on two instances', () => {
  const instances = useTwoInstances();

  /** The member's session on the other instance. */
  const onSecond = (client: Client): Client => sessionOn(instances.second, client);
  async function member(): Promise<{ member: TestMember; largest: { id: number; price: number } }> {
    const app = instances.first;
    const created = await createMember(app);
    await app.db
      .update(users)
      .set({ createdAt: sql`now() - interval '5 hours'` })
      .where(eq(users.id, created.user.id));
    await app.memberEvents.changed(created.user.id);
    const page = (await created.client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>();
    const largest = page.bundles.at(-1)!;
    return { member: created, largest: { id: largest.id, price: largest.final_price.amount } };
  }
  /** Starts a debit texted to `mobile` and answers it with its code. */
  async function started(client: Client, bundleId: number, mobile: string) {
    const reply = await client.request({
      method: 'POST',
      url: '/api/directdebit.php',
      payload: details(bundleId, { mobile }),
    });
    expect(reply.statusCode).toBe(200);
    const outbox = (
      await instances.first.inject({ url: `/api/dev/sms?to=${encodeURIComponent(mobile.replaceAll(' ', ''))}` })
    ).json<{ messages: { body: string }[] }>();
    return { id: reply.json().direct_debit.id as number, code: /\b(\d{6})\b/.exec(outbox.messages[0]!.body)![1]! };
  }
  const verify = (client: Client, id: number, code: string) =>
    client.request({ method: 'POST', url: '/api/directdebit-verify.php', payload: { id, code } });
  async function settle(orderId: number) {
    const [payment] = await instances.first.db
      .select()
      .from(sandboxPayments)
      .where(sql`${sandboxPayments.metadata}->>'orderId' = ${String(orderId)}`);
    await instances.first.inject({
      method: 'POST',
      url: '/api/sandbox-checkout.php',
      payload: { id: payment!.id, outcome: 'paid' },
    });
  }

  it(`submits one of three debits confirmed at once: one unsettled debit at a time (${concurrencyProves})`, async () => {
    const { member: m, largest } = await member();
    const requests = [];
    for (const mobile of ['+31 6 50000001', '+31 6 50000002', '+31 6 50000003'])
      requests.push(await started(m.client, largest.id, mobile));
    const replies = await Promise.all(
      requests.map((request, index) => verify(index % 2 ? onSecond(m.client) : m.client, request.id, request.code)),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 403, 403]);
    for (const reply of replies.filter((candidate) => candidate.statusCode === 403))
      expect(reply.json()).toMatchObject({ error: { code: 'direct_debit_limit' } });
    const debits = await instances.first.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, m.user.id), eq(orders.method, 'sdd')));
    expect(debits).toHaveLength(1);
  });

  it('counts the debit being confirmed against the 150.00 a month, one confirmation after another', async () => {
    const { member: m, largest } = await member();
    // Three debits of 69.95 asked for while nothing was submitted yet; two fit in 150.00, the third does not.
    expect(largest.price * 2).toBeLessThanOrEqual(DIRECT_DEBIT_LIMIT_MINOR_30_DAYS);
    expect(largest.price * 3).toBeGreaterThan(DIRECT_DEBIT_LIMIT_MINOR_30_DAYS);
    const requests = [];
    for (const mobile of ['+31 6 50000011', '+31 6 50000012', '+31 6 50000013'])
      requests.push(await started(m.client, largest.id, mobile));
    for (const [index, request] of requests.slice(0, 2).entries()) {
      const reply = await verify(index % 2 ? onSecond(m.client) : m.client, request.id, request.code);
      expect(reply.statusCode).toBe(200);
      await settle(reply.json<{ order: Order }>().order.id);
    }
    const third = await verify(m.client, requests[2]!.id, requests[2]!.code);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ error: { code: 'direct_debit_limit' } });
    const debits = await instances.first.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, m.user.id), eq(orders.method, 'sdd')));
    expect(debits.reduce((sum, row) => sum + row.amountMinor, 0)).toBeLessThanOrEqual(DIRECT_DEBIT_LIMIT_MINOR_30_DAYS);
  });

  it(`compares at most five codes when twenty wrong codes arrive at once (${concurrencyProves})`, async () => {
    const { member: m, largest } = await member();
    const request = await started(m.client, largest.id, '+31 6 50000021');
    const wrong = request.code === '000000' ? '111111' : '000000';
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) => verify(index % 2 ? onSecond(m.client) : m.client, request.id, wrong)),
    );
    const codes = replies.map((reply) => reply.json().error.code as string);
    expect(codes.filter((code) => code === 'direct_debit_code_invalid')).toHaveLength(DIRECT_DEBIT_CODE_ATTEMPTS);
    // The others were refused without a comparison (the request rate limit may turn a few away first).
    expect(
      codes
        .filter((code) => code !== 'direct_debit_code_invalid')
        .every((code) => code === 'direct_debit_code_expired' || code === 'rate_limited'),
    ).toBe(true);
    expect(codes.filter((code) => code === 'direct_debit_code_expired').length).toBeGreaterThan(0);
    // The tries are used up (the right code would now be refused too), and nothing was submitted.
    const [stored] = await instances.first.db
      .select()
      .from(directDebitRequests)
      .where(eq(directDebitRequests.id, request.id));
    expect(stored).toMatchObject({ attempts: DIRECT_DEBIT_CODE_ATTEMPTS, status: 'awaiting_code', orderId: null });
  });
});

describe('SMS through Twilio (its HTTP calls intercepted)', () => {
  let app: TestApp;
  beforeAll(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect(/127\.0\.0\.1|localhost/);
    app = await buildTestApp({
      twilio: { accountSid: `AC${'1'.repeat(32)}`, authToken: 'secret-token-123456', from: '+3197010000000' },
    });
  });
  afterAll(async () => {
    await app.close();
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it('sends the code with the Twilio client instead of the outbox', async () => {
    let sent: Record<string, string> | undefined;
    const twilioAnswer = JSON.stringify({ sid: `SM${'2'.repeat(32)}`, status: 'queued' });
    const twilioCall = nock('https://api.twilio.com')
      .post(`/2010-04-01/Accounts/AC${'1'.repeat(32)}/Messages.json`, (body) => {
        sent = body;
        return true;
      })
      // With a length, as Twilio answers: its keep-alive agent waits for the body's end otherwise.
      .reply(201, twilioAnswer, {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(twilioAnswer)),
      });
    const created = await createMember(app);
    const page = (await created.client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>();
    const started = await created.client.request({
      method: 'POST',
      url: '/api/directdebit.php',
      payload: details(page.bundles[0]!.id),
    });
    expect(started.statusCode).toBe(200);
    expect(twilioCall.isDone()).toBe(true);
    expect(sent).toMatchObject({
      To: '+31612345678',
      From: '+3197010000000',
      Body: expect.stringMatching(/\b\d{6}\b/),
    });
    expect((await app.inject({ url: '/api/dev/sms' })).json().messages).toEqual([]);
  });
});
