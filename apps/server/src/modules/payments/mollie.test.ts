import nock from 'nock';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreditsResponse, Order } from '@app/contracts';
import { creditLedger, paymentWebhooks, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { getBalance } from '../credits/index.ts';
import { createMember } from '../../test-support/members.ts';
import { fromMollieAmount, toMollieAmount } from './providers/mollie-provider.ts';

const MOLLIE = 'https://api.mollie.com';
const API_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';

/** A payment as Mollie's API answers it (the fields the client and the app read). */
function molliePayment(
  id: string,
  status: string,
  body: { amount: { value: string; currency: string }; description?: string; metadata?: unknown; method?: string },
) {
  return {
    resource: 'payment',
    id,
    mode: 'test',
    createdAt: new Date().toISOString(),
    amount: body.amount,
    description: body.description ?? 'order',
    method: body.method ?? 'ideal',
    metadata: body.metadata ?? null,
    status,
    isCancelable: false,
    profileId: 'pfl_QkEhN94Ba',
    sequenceType: 'oneoff',
    redirectUrl: 'https://example.test/transactions/1',
    webhookUrl: 'https://example.test/api/payment-webhook.php',
    _links: {
      self: { href: `${MOLLIE}/v2/payments/${id}`, type: 'application/hal+json' },
      ...(status === 'open'
        ? { checkout: { href: `https://www.mollie.com/checkout/select-method/${id.slice(3)}`, type: 'text/html' } }
        : {}),
    },
  };
}

describe('Mollie provider (its HTTP calls intercepted; nothing reaches the internet)', () => {
  let app: TestApp;
  beforeAll(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect(/127\.0\.0\.1|localhost/);
    app = await buildTestApp({ payments: { provider: 'mollie', mollieApiKey: API_KEY, isTestMode: true } });
  });
  afterEach(() => nock.cleanAll());
  afterAll(async () => {
    await app.close();
    nock.enableNetConnect();
  });

  it("converts minor units to Mollie amounts and back without floating point, with the currency's decimals", () => {
    expect(toMollieAmount(746, 'EUR')).toBe('7.46');
    expect(toMollieAmount(5, 'EUR')).toBe('0.05');
    expect(toMollieAmount(1_000_000, 'EUR')).toBe('10000.00');
    expect(fromMollieAmount('7.46', 'EUR')).toBe(746);
    expect(() => fromMollieAmount('7.4', 'EUR')).toThrow();
    // No decimals for the yen, three for the Kuwaiti dinar.
    expect(toMollieAmount(500, 'JPY')).toBe('500');
    expect(fromMollieAmount('500', 'JPY')).toBe(500);
    expect(() => fromMollieAmount('500.00', 'JPY')).toThrow();
    expect(toMollieAmount(1250, 'KWD')).toBe('1.250');
    expect(toMollieAmount(5, 'KWD')).toBe('0.005');
    expect(fromMollieAmount('1.250', 'KWD')).toBe(1250);
    expect(() => fromMollieAmount('1.25', 'KWD')).toThrow();
  });

  it("creates the payment with the server's price, method and webhook, and credits once when Mollie says paid", async () => {
    const member = await createMember(app);
    await app.db
      .update(users)
      .set({ createdAt: sql`now() - interval '5 hours'` })
      .where(eq(users.id, member.user.id));
    await app.memberEvents.changed(member.user.id);
    const page = (await member.client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>();
    let created: Record<string, unknown> | undefined;
    const create = nock(MOLLIE)
      .post('/v2/payments', (body) => {
        created = body;
        return true;
      })
      .matchHeader('authorization', `Bearer ${API_KEY}`)
      .reply(201, (_uri, body) => molliePayment('tr_WDqYK6vllg', 'open', body as never));
    const response = await member.client.request({
      method: 'POST',
      url: '/api/order.php',
      payload: { bundle_id: page.bundles[0]!.id, method: 'ideal', country: 'NL' },
    });
    expect(response.statusCode).toBe(200);
    expect(create.isDone()).toBe(true);
    const { order, checkout_url: checkoutUrl } = response.json<{ order: Order; checkout_url: string }>();
    expect(checkoutUrl).toBe('https://www.mollie.com/checkout/select-method/WDqYK6vllg');
    expect(created).toMatchObject({
      amount: { currency: 'EUR', value: '9.95' },
      method: 'ideal',
      metadata: { orderId: order.id },
      webhookUrl: expect.stringMatching(/\/api\/payment-webhook\.php$/),
      redirectUrl: expect.stringMatching(new RegExp(`/transactions/${order.id}$`)),
    });

    // The webhook carries only the id: the app asks Mollie, once per call, and credits once.
    const fetches = nock(MOLLIE)
      .get('/v2/payments/tr_WDqYK6vllg')
      .times(3)
      .reply(
        200,
        molliePayment('tr_WDqYK6vllg', 'paid', {
          amount: { value: '9.95', currency: 'EUR' },
          metadata: { orderId: order.id },
        }),
      );
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/payment-webhook.php',
        payload: 'id=tr_WDqYK6vllg',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(reply.statusCode).toBe(200);
    }
    expect(fetches.isDone()).toBe(true);
    expect(await getBalance(app.db, member.user.id)).toBe(70);
    expect(
      await app.db
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.reference, `order:${order.id}`)),
    ).toHaveLength(1);
    expect((await member.client.request({ url: '/api/user.php' })).json().user).toMatchObject({ paid_user: true });

    // A refund of the unused purchased credits goes to Mollie's refunds API with the share of the price.
    let refundBody: Record<string, unknown> | undefined;
    const refund = nock(MOLLIE)
      .post('/v2/payments/tr_WDqYK6vllg/refunds', (body) => {
        refundBody = body;
        return true;
      })
      .reply(201, (_uri, body) => ({
        resource: 'refund',
        id: 're_4qqhO89gsT',
        amount: (body as { amount: unknown }).amount,
        status: 'pending',
        createdAt: new Date().toISOString(),
        description: 'refund',
        paymentId: 'tr_WDqYK6vllg',
        _links: {
          self: { href: `${MOLLIE}/v2/payments/tr_WDqYK6vllg/refunds/re_4qqhO89gsT`, type: 'application/hal+json' },
        },
      }));
    const refunded = await member.client.request({
      method: 'POST',
      url: '/api/refund.php',
      payload: { order: order.id },
    });
    expect(refunded.statusCode).toBe(200);
    expect(refund.isDone()).toBe(true);
    expect(refundBody).toMatchObject({ amount: { currency: 'EUR', value: '9.95' } });
    expect(await getBalance(app.db, member.user.id)).toBe(20);
  });

  it("answers 200 to ids Mollie does not know, and never asks Mollie about ids that are not Mollie's", async () => {
    const unknown = nock(MOLLIE)
      .get('/v2/payments/tr_unknown1')
      .reply(404, { status: 404, title: 'Not Found', detail: 'No payment exists with token tr_unknown1.' });
    const reply = await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      payload: 'id=tr_unknown1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(reply.statusCode).toBe(200);
    expect(unknown.isDone()).toBe(true);
    // Not a Mollie payment id: nothing is sent to Mollie (nock would refuse the request).
    const odd = await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      payload: 'id=../../v2/customers',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(odd.statusCode).toBe(200);
  });

  it("saves the card as a Mollie customer's mandate (sequenceType first) and repeats orders on it (recurring); direct debit gets a SEPA mandate", async () => {
    const member = await createMember(app);
    await app.db
      .update(users)
      .set({ createdAt: sql`now() - interval '5 hours'` })
      .where(eq(users.id, member.user.id));
    await app.memberEvents.changed(member.user.id);
    const page = (await member.client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>();
    const bodies: Record<string, Record<string, unknown>> = {};
    const capture = (name: string) => (body: Record<string, unknown>) => {
      bodies[name] = body;
      return true;
    };
    nock(MOLLIE)
      .post('/v2/customers', capture('customer'))
      .reply(201, {
        resource: 'customer',
        id: 'cst_8wmqcHMN4U',
        mode: 'test',
        name: member.name,
        email: member.email,
        createdAt: new Date().toISOString(),
        _links: { self: { href: `${MOLLIE}/v2/customers/cst_8wmqcHMN4U`, type: 'application/hal+json' } },
      });
    nock(MOLLIE)
      .post('/v2/payments', capture('first'))
      .reply(201, (_uri, body) => ({
        ...molliePayment('tr_first00001', 'open', body as never),
        sequenceType: 'first',
        customerId: 'cst_8wmqcHMN4U',
      }));
    const first = await member.client.request({
      method: 'POST',
      url: '/api/order.php',
      payload: { bundle_id: page.bundles[0]!.id, method: 'visa', country: 'NL' },
    });
    expect(first.statusCode).toBe(200);
    expect(bodies.customer).toMatchObject({ email: member.email });
    expect(bodies.first).toMatchObject({ method: 'creditcard', customerId: 'cst_8wmqcHMN4U', sequenceType: 'first' });
    const firstOrder = first.json<{ order: Order }>().order;
    nock(MOLLIE)
      .get('/v2/payments/tr_first00001')
      .reply(200, {
        ...molliePayment('tr_first00001', 'paid', {
          amount: { value: '9.95', currency: 'EUR' },
          metadata: { orderId: firstOrder.id },
          method: 'creditcard',
        }),
        sequenceType: 'first',
        customerId: 'cst_8wmqcHMN4U',
        mandateId: 'mdt_pWUnw6pkBN',
        details: {
          cardNumber: '6787',
          cardHolder: 'J. de Vries',
          cardLabel: 'Mastercard',
          cardFingerprint: 'fp',
          cardCountryCode: 'NL',
          cardSecurity: 'normal',
        },
      });
    await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      payload: 'id=tr_first00001',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(
      (await member.client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>().last_order,
    ).toMatchObject({ card: { brand: 'Mastercard', last4: '6787' } });

    nock(MOLLIE)
      .post('/v2/payments', capture('recurring'))
      .reply(201, (_uri, body) => ({
        ...molliePayment('tr_repeat0001', 'pending', body as never),
        sequenceType: 'recurring',
        customerId: 'cst_8wmqcHMN4U',
        mandateId: 'mdt_pWUnw6pkBN',
      }));
    const repeat = await member.client.request({ method: 'POST', url: '/api/repeat-order.php' });
    expect(repeat.statusCode).toBe(200);
    expect(bodies.recurring).toMatchObject({
      customerId: 'cst_8wmqcHMN4U',
      sequenceType: 'recurring',
      mandateId: 'mdt_pWUnw6pkBN',
      amount: { value: '9.95' },
    });
    expect(repeat.json().order).toMatchObject({ status: 'pending', is_repeat: true });

    // Direct debit: a SEPA mandate on the member's account, then a recurring direct-debit payment.
    nock(MOLLIE)
      .post('/v2/customers/cst_8wmqcHMN4U/mandates', capture('mandate'))
      .reply(201, {
        resource: 'mandate',
        id: 'mdt_sepa00001',
        mode: 'test',
        status: 'valid',
        method: 'directdebit',
        details: { consumerName: 'J. de Vries', consumerAccount: 'NL91ABNA0417164300', consumerBic: 'ABNANL2A' },
        mandateReference: null,
        signatureDate: '2026-11-24',
        createdAt: new Date().toISOString(),
        _links: {
          self: { href: `${MOLLIE}/v2/customers/cst_8wmqcHMN4U/mandates/mdt_sepa00001`, type: 'application/hal+json' },
        },
      });
    nock(MOLLIE)
      .post('/v2/payments', capture('directdebit'))
      .reply(201, (_uri, body) => ({
        ...molliePayment('tr_sepa000001', 'pending', body as never),
        method: 'directdebit',
        sequenceType: 'recurring',
      }));
    const started = await member.client.request({
      method: 'POST',
      url: '/api/directdebit.php',
      payload: {
        bundle_id: page.bundles[0]!.id,
        country: 'NL',
        holder: 'J. de Vries',
        iban: 'NL91ABNA0417164300',
        street: 'Keizersgracht',
        house_number: '1',
        postal_code: '1015 AA',
        city: 'Amsterdam',
        mobile: '+31612345678',
      },
    });
    expect(started.statusCode).toBe(200);
    const outbox = (await app.inject({ url: '/api/dev/sms?to=%2B31612345678' })).json<{
      messages: { body: string }[];
    }>();
    const code = /\b(\d{6})\b/.exec(outbox.messages[0]!.body)![1]!;
    // The repeat order is still pending: only one unsettled direct debit counts, a card repeat does not.
    const verified = await member.client.request({
      method: 'POST',
      url: '/api/directdebit-verify.php',
      payload: { id: started.json().direct_debit.id, code },
    });
    expect(verified.statusCode).toBe(200);
    expect(bodies.mandate).toMatchObject({
      method: 'directdebit',
      consumerName: 'J. de Vries',
      consumerAccount: 'NL91ABNA0417164300',
    });
    expect(bodies.directdebit).toMatchObject({
      method: 'directdebit',
      sequenceType: 'recurring',
      mandateId: 'mdt_sepa00001',
      customerId: 'cst_8wmqcHMN4U',
    });
  });

  it('refuses a paid payment whose amount does not match the order, crediting nothing', async () => {
    const member = await createMember(app);
    await app.db
      .update(users)
      .set({ createdAt: sql`now() - interval '5 hours'` })
      .where(eq(users.id, member.user.id));
    await app.memberEvents.changed(member.user.id);
    const page = (await member.client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>();
    nock(MOLLIE)
      .post('/v2/payments')
      .reply(201, (_uri, body) => molliePayment('tr_mismatch1', 'open', body as never));
    const { order } = (
      await member.client.request({
        method: 'POST',
        url: '/api/order.php',
        payload: { bundle_id: page.bundles[0]!.id, method: 'ideal', country: 'NL' },
      })
    ).json<{ order: Order }>();
    nock(MOLLIE)
      .get('/v2/payments/tr_mismatch1')
      .reply(
        200,
        molliePayment('tr_mismatch1', 'paid', {
          amount: { value: '0.01', currency: 'EUR' },
          metadata: { orderId: order.id },
        }),
      );
    const reply = await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      payload: 'id=tr_mismatch1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(reply.statusCode).toBe(500);
    const [logged] = await app.db
      .select()
      .from(paymentWebhooks)
      .where(eq(paymentWebhooks.providerPaymentId, 'tr_mismatch1'));
    expect(logged).toMatchObject({ outcome: 'error', error: expect.stringMatching(/does not match/) });
    expect(await getBalance(app.db, member.user.id)).toBe(20);
    expect((await member.client.request({ url: `/api/order.php?id=${order.id}` })).json().order.status).toBe('open');
  });
});
