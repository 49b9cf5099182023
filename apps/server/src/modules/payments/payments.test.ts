import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_ERROR_CODES, TIME_BONUS_CODE, type CreditsResponse, type Order } from '@app/contracts';
import { hasTranslation } from '../../lib/i18n.ts';
import { creditLedger, discountCodes, orders, paymentWebhooks, sandboxPayments, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { concurrencyProves } from '../../test-support/concurrency.ts';
import { advanceClock, mailsTo, type Client } from '../../test-support/accounts.ts';
import { getBalance, postLedgerEntry } from '../credits/index.ts';
import { createMember, type TestMember } from '../../test-support/members.ts';

const HOUR = 60 * 60 * 1000;

async function waitFor(check: () => Promise<boolean>, limitMs = 3000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const credits = (client: Client, query = '') => client.request({ url: `/api/credits.php${query}` });
const order = (client: Client, payload: Record<string, unknown>) =>
  client.request({ method: 'POST', url: '/api/order.php', payload });
const webhook = (app: TestApp, id: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    payload: `id=${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('credits and payments (sandbox provider)', () => {
  let app: TestApp;
  let realNow: () => Date;
  beforeAll(async () => {
    app = await buildTestApp();
    realNow = app.clock.now;
  });
  beforeEach(() => {
    app.clock.now = realNow;
  });
  afterAll(() => app.close());

  /** A member who signed up more than 4 hours ago (no time bonus). */
  async function settledMember(values: Parameters<typeof createMember>[1] = {}): Promise<TestMember> {
    const member = await createMember(app, values);
    await app.db
      .update(users)
      .set({ createdAt: sql`now() - interval '5 hours'` })
      .where(eq(users.id, member.user.id));
    await app.memberEvents.changed(member.user.id);
    return member;
  }

  async function pay(
    member: TestMember,
    outcome: 'paid' | 'failed' | 'canceled' | 'expired',
    body: Record<string, unknown> = {},
  ) {
    const page = (await credits(member.client, '?country=NL')).json<CreditsResponse>();
    const created = await order(member.client, {
      bundle_id: page.bundles[0]!.id,
      method: 'ideal',
      country: 'NL',
      ...body,
    });
    if (created.statusCode !== 200) throw new Error(created.body);
    expect(created.statusCode).toBe(200);
    const { order: made, checkout_url: checkoutUrl } = created.json<{ order: Order; checkout_url: string }>();
    const id = new URL(checkoutUrl, 'http://x').searchParams.get('id')!;
    const chosen = await app.inject({ method: 'POST', url: '/api/sandbox-checkout.php', payload: { id, outcome } });
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toMatch(new RegExp(`/transactions/${made.id}$`));
    return { order: made, paymentId: id };
  }

  it('has an English message for every payment error code', () => {
    for (const code of PAYMENT_ERROR_CODES) expect(hasTranslation(`errors:${code}`, { count: 2 }), code).toBe(true);
  });

  it("shows the bundles in the payment country's currency, with ribbons, methods and their costs", async () => {
    const member = await settledMember();
    const nl = (await credits(member.client, '?country=NL')).json<CreditsResponse>();
    expect(nl).toMatchObject({ currency: 'EUR', country: 'NL', discount: null, last_order: null });
    expect(nl.bundles.map((bundle) => bundle.credits)).toEqual([50, 100, 250, 500]);
    expect(nl.bundles[0]).toMatchObject({
      price: { amount: 995, currency: 'EUR' },
      final_price: { amount: 995 },
      ribbon_percentage: 0,
    });
    expect(nl.bundles[2]).toMatchObject({ is_popular: true });
    expect(nl.bundles[3]!.ribbon_percentage).toBeGreaterThan(20);
    expect(nl.methods.map((entry) => entry.method)).toEqual(expect.arrayContaining(['ideal', 'visa', 'paypal']));
    expect(nl.methods.find((entry) => entry.method === 'paypal')).toEqual({ method: 'paypal', transaction_costs: 35 });
    // Retired methods are never offered.
    const de = (await credits(member.client, '?country=DE')).json<CreditsResponse>();
    expect(de.methods.map((entry) => entry.method)).not.toContain('giropay');
    expect(de.methods.map((entry) => entry.method)).not.toContain('sofort');
    expect((await credits(member.client, '?country=GB')).json<CreditsResponse>()).toMatchObject({
      currency: 'GBP',
      bundles: expect.arrayContaining([expect.objectContaining({ price: { amount: 895, currency: 'GBP' } })]),
    });
    expect(
      (await credits(member.client, '?country=PL')).json<CreditsResponse>().methods.map((entry) => entry.method),
    ).toEqual(expect.arrayContaining(['blik', 'prezelewy24']));
    expect((await credits(member.client, '?country=nl')).statusCode).toBe(400);
    expect(nl.direct_debit).toBe(true);
    expect((await credits(member.client, '?country=US')).json<CreditsResponse>()).toMatchObject({
      direct_debit: false,
      currency: 'USD',
    });
  });

  it('shows visitors the bundles at list prices on the pricing page', async () => {
    const pricing = await app.inject({ url: '/api/pricing.php?country=SE' });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.json()).toMatchObject({
      currency: 'SEK',
      country: 'SE',
      bundles: expect.arrayContaining([
        expect.objectContaining({ credits: 50, price: { amount: 11495, currency: 'SEK' } }),
      ]),
    });
  });

  it('runs the time bonus for 4 hours after signup: 25 % at 3 h 59 min, gone at 4 h 01 min', async () => {
    const member = await createMember(app);
    advanceClock(app, 3 * HOUR + 59 * 60 * 1000);
    const welcome = await member.client.request({ url: '/api/discountcode.php?welcome=true' });
    expect(welcome.json()).toMatchObject({
      discountcode: {
        code: TIME_BONUS_CODE,
        value_percentage: 25,
        status: 'active',
        validity: 'once_per_user',
        source: 'time_bonus',
      },
    });
    const page = (await credits(member.client, '?country=NL')).json<CreditsResponse>();
    expect(page.discount).toMatchObject({ source: 'time_bonus' });
    expect(page.bundles[0]!.final_price).toEqual({ amount: 746, currency: 'EUR' });
    app.clock.now = realNow;
    advanceClock(app, 4 * HOUR + 60 * 1000);
    expect((await member.client.request({ url: '/api/discountcode.php?welcome=true' })).json()).toEqual({
      discountcode: null,
    });
    expect((await credits(member.client, '?country=NL')).json<CreditsResponse>().discount).toBeNull();
  });

  it('prices the order on the server, credits a paid payment once, and makes the member premium for good', async () => {
    const member = await createMember(app);
    const { order: made } = await pay(member, 'paid');
    // 25 % time bonus off 9.95, and iDEAL has no transaction costs.
    expect(made).toMatchObject({
      status: 'open',
      credits: 50,
      amount: { amount: 746, currency: 'EUR' },
      discount_code: TIME_BONUS_CODE,
      discount_percentage: 25,
      bundle_id: expect.any(Number),
    });
    const paid = (await member.client.request({ url: `/api/order.php?id=${made.id}` })).json<{ order: Order }>().order;
    expect(paid).toMatchObject({ status: 'paid', paid_at: expect.any(String) });
    expect(await getBalance(app.db, member.user.id)).toBe(70);
    const user = (await member.client.request({ url: '/api/user.php' })).json().user;
    expect(user).toMatchObject({ paid_user: true, credits: 70 });
    // The time bonus is used up, and premium stays at zero credits.
    expect((await member.client.request({ url: '/api/discountcode.php?welcome=true' })).json()).toEqual({
      discountcode: null,
    });
    await app.db.execute(
      sql`insert into credit_ledger (user_id, amount, reason, idempotency_key) values (${member.user.id}, -70, 'test', ${`drain:${member.user.id}`})`,
    );
    await app.db.execute(sql`update credit_balances set balance = 0 where user_id = ${member.user.id}`);
    await app.memberEvents.changed(member.user.id);
    expect((await member.client.request({ url: '/api/user.php' })).json().user).toMatchObject({
      paid_user: true,
      credits: 0,
    });
    expect((await credits(member.client, '?country=NL')).json<CreditsResponse>().last_order).toMatchObject({
      credits: 50,
    });
    expect((await member.client.request({ url: '/api/orders.php' })).json().orders).toHaveLength(1);
    // One receipt, with the seller's company details and a link to the order.
    const receipts = (await mailsTo(app, member.email)).filter((mail) => mail.template === 'receipt');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toContain('50 credits');
    expect(receipts[0]!.text).toContain('Amoria Media B.V.');
    expect(receipts[0]!.text).toContain('NL123456789B01');
    expect(receipts[0]!.text).toContain('iDEAL');
    expect(receipts[0]!.links.some((link) => link.endsWith(`/transactions/${made.id}`))).toBe(true);
  });

  it("writes the receipt in the member's language", async () => {
    const member = await settledMember();
    await app.db.update(users).set({ language: 'de' }).where(eq(users.id, member.user.id));
    await pay(member, 'paid');
    const [receipt] = (await mailsTo(app, member.email)).filter((mail) => mail.template === 'receipt');
    expect(receipt!.subject).toContain('Quittung');
    expect(receipt!.text).toContain('9,95');
  });

  it(`credits once when the same webhook arrives 20 times at once, and the ledger matches the paid orders (${concurrencyProves})`, async () => {
    const member = await settledMember();
    const { order: made, paymentId } = await pay(member, 'paid');
    const replies = await Promise.all(Array.from({ length: 20 }, () => webhook(app, paymentId)));
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    const purchases = await app.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, `order:${made.id}`));
    expect(purchases).toHaveLength(1);
    expect(await getBalance(app.db, member.user.id)).toBe(70);
    const paidOrders = await app.db.select().from(orders).where(eq(orders.userId, member.user.id));
    const ledger = await app.db.select().from(creditLedger).where(eq(creditLedger.userId, member.user.id));
    expect(ledger.filter((entry) => entry.reason === 'purchase').reduce((sum, entry) => sum + entry.amount, 0)).toBe(
      paidOrders.filter((row) => row.status === 'paid').reduce((sum, row) => sum + row.credits, 0),
    );
  });

  it('records a failed or cancelled payment without credits, then credits when the payment is paid after all', async () => {
    const member = await settledMember();
    const failed = await pay(member, 'failed');
    expect((await member.client.request({ url: `/api/order.php?id=${failed.order.id}` })).json().order.status).toBe(
      'failed',
    );
    expect(await getBalance(app.db, member.user.id)).toBe(20);
    const canceled = await pay(member, 'canceled');
    expect((await member.client.request({ url: `/api/order.php?id=${canceled.order.id}` })).json().order.status).toBe(
      'canceled',
    );
    // The provider reports the failed payment paid after all.
    await app.db.update(sandboxPayments).set({ status: 'paid' }).where(eq(sandboxPayments.id, failed.paymentId));
    await webhook(app, failed.paymentId);
    expect((await member.client.request({ url: `/api/order.php?id=${failed.order.id}` })).json().order.status).toBe(
      'paid',
    );
    expect(await getBalance(app.db, member.user.id)).toBe(70);
  });

  it('answers 200 to unknown payment ids and records them', async () => {
    const reply = await webhook(app, 'tr_doesnotexist');
    expect(reply.statusCode).toBe(200);
    const [logged] = await app.db
      .select()
      .from(paymentWebhooks)
      .where(eq(paymentWebhooks.providerPaymentId, 'tr_doesnotexist'));
    expect(logged).toMatchObject({ outcome: 'unknown' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/payment-webhook.php',
          payload: 'nothing=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('shows a member only their own orders', async () => {
    const member = await settledMember();
    const other = await settledMember();
    const { order: made } = await pay(member, 'paid');
    expect((await other.client.request({ url: `/api/order.php?id=${made.id}` })).statusCode).toBe(404);
    expect((await other.client.request({ url: '/api/orders.php' })).json().orders).toEqual([]);
  });

  it('checks discount codes: not found, used, expired, below the minimum, for another country or method', async () => {
    const member = await settledMember();
    const site = await app.sites.resolve('');
    await app.db.insert(discountCodes).values([
      { siteId: site.id, code: 'SPRING10', valuePercentage: 10, validity: 'once_per_user' },
      { siteId: site.id, code: 'OLD', valuePercentage: 30, expiresAt: new Date(Date.now() - HOUR) },
      { siteId: site.id, code: 'BIG', valuePercentage: 20, currency: 'EUR', minimumOrderMinor: 5000 },
      { siteId: site.id, code: 'BELGIUM', valuePercentage: 15, country: 'BE' },
      { siteId: site.id, code: 'PAYPAL', valuePercentage: 12, paymentMethods: ['paypal'] },
    ]);
    const check = (code: string) => member.client.request({ url: `/api/discountcode.php?code=${code}` });
    expect((await check('nope')).json()).toMatchObject({
      error: { code: 'discount_code_not_found', message: 'Code not found' },
    });
    expect((await check('spring10')).json()).toMatchObject({
      discountcode: { code: 'SPRING10', value_percentage: 10, source: 'code' },
    });
    expect((await check('OLD')).json()).toMatchObject({ error: { code: 'discount_code_expired' } });
    const page = (await credits(member.client, '?country=NL')).json<CreditsResponse>();
    const small = page.bundles[0]!.id;
    expect(
      (await order(member.client, { bundle_id: small, method: 'ideal', country: 'NL', discount_code: 'BIG' })).json(),
    ).toMatchObject({ error: { code: 'discount_code_minimum' } });
    expect(
      (
        await order(member.client, { bundle_id: small, method: 'ideal', country: 'NL', discount_code: 'BELGIUM' })
      ).json(),
    ).toMatchObject({ error: { code: 'discount_code_country' } });
    expect(
      (
        await order(member.client, { bundle_id: small, method: 'ideal', country: 'NL', discount_code: 'PAYPAL' })
      ).json(),
    ).toMatchObject({ error: { code: 'discount_code_method' } });
    const withPaypal = (
      await order(member.client, { bundle_id: small, method: 'paypal', country: 'NL', discount_code: 'PAYPAL' })
    ).json<{ order: Order }>();
    // 12 % off 9.95, plus PayPal's 0.35.
    expect(withPaypal.order).toMatchObject({ discount_code: 'PAYPAL', amount: { amount: 876 + 35 } });
    await pay(member, 'paid', { discount_code: 'SPRING10' });
    expect((await check('SPRING10')).json()).toMatchObject({
      error: { code: 'discount_code_used', message: 'Code already used' },
    });
  });

  it('refunds the unused credits of an order within refund_days, last in first out, and the member stays premium', async () => {
    const member = await settledMember();
    const { order: made, paymentId } = await pay(member, 'paid');
    expect(await getBalance(app.db, member.user.id)).toBe(70);
    // 30 credits spent: they come from the purchase (the newest), the 20 signup credits are spent last.
    await postLedgerEntry(app.db, {
      userId: member.user.id,
      amount: -30,
      reason: 'message',
      idempotencyKey: `test:spend:${member.user.id}`,
    });
    const other = await settledMember();
    expect(
      (await other.client.request({ method: 'POST', url: '/api/refund.php', payload: { order: made.id } })).statusCode,
    ).toBe(404);
    const refund = await member.client.request({ method: 'POST', url: '/api/refund.php', payload: { order: made.id } });
    expect(refund.statusCode).toBe(200);
    // 20 of the 50 purchased credits are unused: 20/50 of 9.95.
    expect(refund.json().order).toMatchObject({
      refunded_credits: 20,
      refunded_amount: 398,
      status: 'refunded',
      refundable_until: null,
    });
    expect(await getBalance(app.db, member.user.id)).toBe(20);
    const [payment] = await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
    expect(payment!.refundedMinor).toBe(398);
    expect((await member.client.request({ url: '/api/user.php' })).json().user).toMatchObject({
      paid_user: true,
      credits: 20,
    });
    expect(
      (await member.client.request({ method: 'POST', url: '/api/refund.php', payload: { order: made.id } })).json(),
    ).toMatchObject({ error: { code: 'refund_already_done' } });
  });

  it('refunds what a new member did not use: 20 signup credits spent, 100 bought, 60 spent: 40 come back, and every list says refunded', async () => {
    const member = await settledMember();
    // The 20 signup credits are spent before anything is bought.
    await postLedgerEntry(app.db, {
      userId: member.user.id,
      amount: -20,
      reason: 'message',
      idempotencyKey: `test:first-spend:${member.user.id}`,
    });
    const page = (await credits(member.client, '?country=NL')).json<CreditsResponse>();
    const hundred = page.bundles.find((bundle) => bundle.credits === 100)!;
    const created = (await order(member.client, { bundle_id: hundred.id, method: 'ideal', country: 'NL' })).json<{
      order: Order;
      checkout_url: string;
    }>();
    const paymentId = new URL(created.checkout_url, 'http://x').searchParams.get('id')!;
    await app.inject({ method: 'POST', url: '/api/sandbox-checkout.php', payload: { id: paymentId, outcome: 'paid' } });
    expect(await getBalance(app.db, member.user.id)).toBe(100);
    await postLedgerEntry(app.db, {
      userId: member.user.id,
      amount: -60,
      reason: 'message',
      idempotencyKey: `test:second-spend:${member.user.id}`,
    });
    expect(await getBalance(app.db, member.user.id)).toBe(40);

    const refund = await member.client.request({
      method: 'POST',
      url: '/api/refund.php',
      payload: { order: created.order.id },
    });
    expect(refund.statusCode).toBe(200);
    const amount = created.order.amount.amount;
    expect(refund.json().order).toMatchObject({
      status: 'refunded',
      refunded_credits: 40,
      refunded_amount: Math.floor((amount * 40) / 100),
    });
    expect(await getBalance(app.db, member.user.id)).toBe(0);
    // The order page, the orders list and the console say refunded.
    expect((await member.client.request({ url: `/api/order.php?id=${created.order.id}` })).json().order.status).toBe(
      'refunded',
    );
    expect((await member.client.request({ url: '/api/orders.php' })).json().orders[0]).toMatchObject({
      id: created.order.id,
      status: 'refunded',
    });
    const [row] = await app.db.select().from(orders).where(eq(orders.id, created.order.id));
    expect(row).toMatchObject({ status: 'paid', refundedCredits: 40 });
  });

  it('gives the credits back when the provider refuses the refund, and the member may ask again', async () => {
    const member = await settledMember();
    const { order: made, paymentId } = await pay(member, 'paid');
    await app.db.update(sandboxPayments).set({ status: 'failed' }).where(eq(sandboxPayments.id, paymentId));
    const refused = await member.client.request({
      method: 'POST',
      url: '/api/refund.php',
      payload: { order: made.id },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error: { code: 'refund_failed' } });
    expect(await getBalance(app.db, member.user.id)).toBe(70);
    expect((await member.client.request({ url: `/api/order.php?id=${made.id}` })).json().order).toMatchObject({
      refunded_credits: 0,
    });
    await app.db.update(sandboxPayments).set({ status: 'paid' }).where(eq(sandboxPayments.id, paymentId));
    const again = await member.client.request({ method: 'POST', url: '/api/refund.php', payload: { order: made.id } });
    expect(again.json().order).toMatchObject({ refunded_credits: 50, refunded_amount: 995 });
    expect(await getBalance(app.db, member.user.id)).toBe(20);
  });

  it('refuses a refund after refund_days, and one with no unused credits', async () => {
    const member = await settledMember();
    const { order: first } = await pay(member, 'paid');
    await postLedgerEntry(app.db, {
      userId: member.user.id,
      amount: -55,
      reason: 'message',
      idempotencyKey: `test:spend-all:${member.user.id}`,
    });
    // 15 left: all of them signup credits (spent last), so the order has nothing unused.
    expect(
      (await member.client.request({ method: 'POST', url: '/api/refund.php', payload: { order: first.id } })).json(),
    ).toMatchObject({ error: { code: 'refund_nothing_unused' } });
    const { order: second } = await pay(member, 'paid');
    expect(
      (await member.client.request({ url: `/api/order.php?id=${second.id}` })).json().order.refundable_until,
    ).toEqual(expect.any(String));
    advanceClock(app, 15 * 24 * HOUR);
    const late = await member.client.request({ method: 'POST', url: '/api/refund.php', payload: { order: second.id } });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ error: { code: 'refund_period_over', params: { days: 14 } } });
  });

  it('saves the card of a card payment and repeats the last order on it in one click; a declined card ends the order failed', async () => {
    const member = await settledMember();
    const noCard = await member.client.request({ method: 'POST', url: '/api/repeat-order.php' });
    expect(noCard.json()).toMatchObject({ error: { code: 'no_saved_card' } });
    const { order: first, paymentId } = await pay(member, 'paid', { method: 'visa' });
    expect(first.is_repeat).toBe(false);
    const page = (await credits(member.client, '?country=NL')).json<CreditsResponse>();
    expect(page.last_order).toEqual({
      bundle_id: page.bundles[0]!.id,
      credits: 50,
      card: { brand: 'Visa', last4: '4242' },
    });

    const repeat = await member.client.request({ method: 'POST', url: '/api/repeat-order.php' });
    expect(repeat.statusCode).toBe(200);
    const repeated = repeat.json<{ order: Order }>().order;
    expect(repeated).toMatchObject({ is_repeat: true, credits: 50, method: 'creditcard', status: 'pending' });
    await waitFor(
      async () =>
        (await member.client.request({ url: `/api/order.php?id=${repeated.id}` })).json().order.status === 'paid',
    );
    expect(await getBalance(app.db, member.user.id)).toBe(120);

    // The bank declines the next one.
    await app.db.update(sandboxPayments).set({ cardLast4: '0002' }).where(eq(sandboxPayments.id, paymentId));
    const declined = (await member.client.request({ method: 'POST', url: '/api/repeat-order.php' })).json<{
      order: Order;
    }>().order;
    await waitFor(
      async () =>
        (await member.client.request({ url: `/api/order.php?id=${declined.id}` })).json().order.status === 'failed',
    );
    expect(await getBalance(app.db, member.user.id)).toBe(120);
  });

  it('refuses a bundle of another currency, a method not offered there, and visitors', async () => {
    const member = await settledMember();
    const gb = (await credits(member.client, '?country=GB')).json<CreditsResponse>();
    expect(
      (await order(member.client, { bundle_id: gb.bundles[0]!.id, method: 'ideal', country: 'NL' })).json(),
    ).toMatchObject({ error: { code: 'bundle_not_found' } });
    expect(
      (await order(member.client, { bundle_id: gb.bundles[0]!.id, method: 'ideal', country: 'GB' })).json(),
    ).toMatchObject({ error: { code: 'payment_method_unavailable' } });
    expect(
      (await order(member.client, { bundle_id: gb.bundles[0]!.id, method: 'giropay', country: 'GB' })).statusCode,
    ).toBe(400);
    expect((await app.inject({ url: '/api/credits.php' })).json()).toMatchObject({ authentication_required: true });
  });
});
