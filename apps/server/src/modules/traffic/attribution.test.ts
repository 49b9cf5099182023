// From click to revenue (docs/traffic.md): a visit through a network's link, signup, activation, purchases, a refund
// and a chargeback are each recorded once with the network's payout, and each sends its postback once through the job
// queue, retried for 24 hours, resent by staff; bad input is a translated error or ignored, never a 500.
import { createHmac } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, orders, trafficEvents, trafficPostbacks, trafficVisits, users } from '../../db/schema/index.ts';
import { createClient, tokenFromMail, uniqueEmail, signUp, type Client } from '../../test-support/accounts.ts';
import { startNetworkStandIn, type NetworkStandIn } from '../../test-support/network-stand-in.ts';
import { payOrder } from '../../test-support/orders.ts';
import { signedInStaff, type StaffClient } from '../../test-support/staff.ts';
import { buildTestApp, writeIndexOnlyDist, type TestApp } from '../../test-support/test-app.ts';
import { PUBLIC_HTTPS_POLICY } from './index.ts';

const HOUR = 60 * 60 * 1000;
const SECRET = 'a network secret of some length';

describe('paid traffic: attribution and postbacks', () => {
  let app: TestApp;
  let network: NetworkStandIn;
  let admin: StaffClient;
  let networkId: number;
  let dist: Awaited<ReturnType<typeof writeIndexOnlyDist>>;

  beforeAll(async () => {
    dist = await writeIndexOnlyDist();
    app = await buildTestApp({ webDistDir: dist.distDir }, { serveWeb: true });
    network = await startNetworkStandIn();
    admin = await signedInStaff(app, 'admin');
    const created = await admin.request({
      method: 'POST',
      url: '/api/admin/traffic/networks',
      payload: {
        key: 'adnet',
        name: 'Ad Net',
        click_id_param: 'cid',
        ref_param: 'aff',
        payouts: {
          signup: { amount_minor: 200, currency: 'EUR' },
          activation: { amount_minor: 100, currency: 'EUR' },
          first_purchase: { percent: 30 },
          purchase: { percent: 10 },
        },
        postbacks: {
          signup: `${network.url}/pb?cid={click_id}&e={event}&aff={ref}&s1={sub1}&p={payout}`,
          activation: `${network.url}/pb?cid={click_id}&e={event}&p={payout}`,
          first_purchase: `${network.url}/pb?cid={click_id}&e={event}&o={order_id}&a={amount}&c={currency}&p={payout}`,
          purchase: `${network.url}/pb?cid={click_id}&e={event}&o={order_id}&a={amount}&p={payout}`,
          reversal: `${network.url}/pb?cid={click_id}&e={event}&o={order_id}&a={amount}&p={payout}&token=t0ps3cret`,
        },
        signature_header: 'X-Signature',
        signing_secret: SECRET,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    networkId = created.json().network.id;
    expect(created.json().network).toMatchObject({
      has_signing_secret: true,
      payouts: { first_purchase: { percent: 30 } },
    });
    expect(created.body).not.toContain(SECRET);
  });
  afterAll(async () => {
    await app.close();
    await network.stop();
    await dist.remove();
  });

  const eventsOf = (userId: number) =>
    app.db.select().from(trafficEvents).where(eq(trafficEvents.userId, userId)).orderBy(asc(trafficEvents.id));
  const postbacks = () => app.db.select().from(trafficPostbacks).orderBy(asc(trafficPostbacks.id));

  /** A visitor through the network's link, signed up in the same browser (the form sends no tracking values). */
  async function visitorWhoSignsUp(clickId: string): Promise<{ client: Client; email: string; userId: number }> {
    const client = createClient(app);
    const page = await client.request({
      url: `/landers/gallery?network=adnet&cid=${clickId}&aff={aff7}&sub1=s1&utm_campaign=spring&gclid=g1`,
    });
    expect(page.statusCode).toBe(200);
    const email = uniqueEmail('traffic');
    const { user } = await signUp(app, { email }, client);
    return { client, email, userId: user.id };
  }

  async function activate(email: string) {
    const activated = await createClient(app).request({
      method: 'POST',
      url: '/api/activate.php',
      payload: { token: await tokenFromMail(app, email, '/activate') },
    });
    expect(activated.statusCode).toBeLessThan(300);
  }

  const pay = (client: Client) => payOrder(app, client);

  it('follows a visitor from the click to signup, activation, purchases, a refund and a chargeback, each once with its payout and postback', async () => {
    const { client, email, userId } = await visitorWhoSignsUp('click-1');
    // The account's SPEC tracking values came from the first touch (the network's own affiliate key, braces removed).
    const [account] = await app.db.select().from(users).where(eq(users.id, userId));
    expect(account).toMatchObject({ trackingNetwork: 'adnet', trackingRef: 'aff7', trackingSub1: 's1' });
    await activate(email);
    const first = await pay(client);
    const second = await pay(client);
    const [firstOrder] = await app.db.select().from(orders).where(eq(orders.id, first.order.id));
    const [secondOrder] = await app.db.select().from(orders).where(eq(orders.id, second.order.id));
    // The first purchase had the welcome time bonus (25 % off), the second the list price.
    const amount = firstOrder!.amountMinor;
    const secondAmount = secondOrder!.amountMinor;

    // Refund of the first order's unused credits (the member spent none: all of it), and a chargeback of the second.
    await app.db
      .update(users)
      .set({ createdAt: sql`now() - interval '5 hours'` })
      .where(eq(users.id, userId));
    const refund = await client.request({ method: 'POST', url: '/api/refund.php', payload: { order: first.order.id } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/api/sandbox-chargeback.php', payload: { id: second.paymentId } }))
        .statusCode,
    ).toBe(204);

    const events = await eventsOf(userId);
    expect(events.map((event) => [event.kind, event.isFirst, event.payoutMinor])).toEqual([
      ['signup', false, 200],
      ['activation', false, 100],
      ['purchase', true, Math.floor((amount * 3000) / 10_000)],
      ['purchase', false, Math.floor((secondAmount * 1000) / 10_000)],
      ['refund', false, -Math.floor((amount * 3000) / 10_000)],
      ['chargeback', false, -Math.floor((secondAmount * 1000) / 10_000)],
    ]);
    // Every event carries the first touch: network, affiliate, sub id, campaign, lander, click id.
    for (const event of events)
      expect(event).toMatchObject({
        network: 'adnet',
        ref: 'aff7',
        sub1: 's1',
        campaign: 'spring',
        lander: 'gallery',
        clickId: 'click-1',
        networkId,
      });
    // The chargeback took the order's unused credits back through the ledger.
    const chargeback = await app.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'chargeback')));
    expect(chargeback).toHaveLength(1);

    // One postback per event, sent by the job queue, signed.
    const before = network.received.length;
    expect(await app.jobs.runDueJobs()).toBeGreaterThanOrEqual(6);
    const sent = network.received.slice(before).filter((request) => request.url.includes('cid=click-1'));
    const eventOf = (request: { url: string }) => new URL(request.url, 'http://x').searchParams.get('e');
    expect(sent.map(eventOf).sort()).toEqual(
      ['activation', 'chargeback', 'first_purchase', 'purchase', 'refund', 'signup'].sort(),
    );
    const call = (event: string) => sent.find((request) => eventOf(request) === event)!;
    const signupCall = new URL(call('signup').url, 'http://x');
    expect(Object.fromEntries(signupCall.searchParams)).toEqual({
      cid: 'click-1',
      e: 'signup',
      aff: 'aff7',
      s1: 's1',
      p: '2.00',
    });
    expect(call('signup').headers['x-signature']).toBe(
      createHmac('sha256', SECRET)
        .update(`${network.url}${call('signup').url}`)
        .digest('hex'),
    );
    const firstPurchase = new URL(call('first_purchase').url, 'http://x').searchParams;
    expect(firstPurchase.get('o')).toBe(String(first.order.id));
    expect(firstPurchase.get('c')).toBe('EUR');
    const rows = (await postbacks()).filter((row) => row.url.includes('cid=click-1'));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.lastStatusCode === 200)).toBe(true);

    // Replays change nothing: the provider's webhook again, the outbox's events again.
    await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      payload: `id=${first.paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await app.outbox.transaction(async (_tx, effects) => {
      await effects.emit('order.paid', {
        orderId: first.order.id,
        userId,
        siteId: account!.siteId,
        amountMinor: amount,
        currency: 'EUR',
      });
      await effects.emit('account.activated', { userId, siteId: account!.siteId });
    });
    await app.jobs.runDueJobs();
    expect(await eventsOf(userId)).toHaveLength(6);
    expect((await postbacks()).filter((row) => row.url.includes('cid=click-1'))).toHaveLength(6);
  });

  it('retries a failing postback with back-off, fails it 24 hours on, and sends it again when staff resend it', async () => {
    const { userId } = await visitorWhoSignsUp('click-retry');
    network.answers.push(500, 503);
    const [row] = (await postbacks()).filter((postback) => postback.url.includes('cid=click-retry'));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    await app.jobs.runDueJobs();
    const afterFirst = (await app.db.select().from(trafficPostbacks).where(eq(trafficPostbacks.id, row!.id)))[0]!;
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    // The queue's back-off: the next run comes later, not in the same pass.
    await app.jobs.runDueJobs(new Date(Date.now() + 2 * HOUR));
    const afterSecond = (await app.db.select().from(trafficPostbacks).where(eq(trafficPostbacks.id, row!.id)))[0]!;
    expect(afterSecond).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 503 });
    // A day on, a network that is down for good: failed, no more retries.
    network.answers.push(500);
    const realNow = app.clock.now;
    app.clock.now = () => new Date(realNow().getTime() + 25 * HOUR);
    try {
      await app.jobs.runDueJobs(new Date(Date.now() + 26 * HOUR));
    } finally {
      app.clock.now = realNow;
    }
    const failed = (await app.db.select().from(trafficPostbacks).where(eq(trafficPostbacks.id, row!.id)))[0]!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });

    // The console lists it among the failed ones, and resends it.
    const list = await admin.request({ url: `/api/admin/traffic/postbacks?status=failed&network=${networkId}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().postbacks.map((postback: { id: number }) => postback.id)).toContain(row!.id);
    const resent = await admin.request({ method: 'POST', url: `/api/admin/traffic/postbacks/${row!.id}/resend` });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().postback).toMatchObject({ status: 'pending', event: 'signup' });
    // Pending: a second resend waits for the first.
    const again = await admin.request({ method: 'POST', url: `/api/admin/traffic/postbacks/${row!.id}/resend` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('postback_pending');
    await app.jobs.runDueJobs();
    const sent = (await app.db.select().from(trafficPostbacks).where(eq(trafficPostbacks.id, row!.id)))[0]!;
    expect(sent).toMatchObject({ status: 'sent', lastStatusCode: 200 });
    expect((await eventsOf(userId)).map((event) => event.kind)).toEqual(['signup']);
    // The audit log names who resent it.
    const audit = await admin.request({ url: '/api/admin/audit' });
    expect(audit.json().entries.map((entry: { action: string }) => entry.action)).toContain('traffic.postback_resend');
  });

  it('masks secrets of the address in the delivery log', async () => {
    const list = await admin.request({ url: '/api/admin/traffic/postbacks' });
    expect(list.statusCode).toBe(200);
    const urls: string[] = list.json().postbacks.map((postback: { url: string }) => postback.url);
    expect(urls.some((url) => url.includes('token=***'))).toBe(true);
    expect(urls.join(' ')).not.toContain('t0ps3cret');
  });

  it('records a signup without a network or with one nobody configured, and sends nothing', async () => {
    const before = (await postbacks()).length;
    const client = createClient(app);
    await client.request({ url: '/?network=nosuchnet&click_id=zz' });
    const { user } = await signUp(app, { email: uniqueEmail('unknown-net') }, client);
    const organic = await signUp(app, { email: uniqueEmail('organic') });
    expect((await eventsOf(user.id)).map((event) => [event.kind, event.network, event.networkId])).toEqual([
      ['signup', 'nosuchnet', null],
    ]);
    expect((await eventsOf(organic.user.id)).map((event) => [event.kind, event.network])).toEqual([['signup', '']]);
    expect(await postbacks()).toHaveLength(before);
  });

  it('answers bad input with a translated error or ignores it, never a 500', async () => {
    const base = { key: 'other', name: 'Other', postbacks: {} };
    const unknown = await admin.request({
      method: 'POST',
      url: '/api/admin/traffic/networks',
      cookies: { lang: 'de' },
      payload: { ...base, postbacks: { signup: `${network.url}/pb?x={clickid}` } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'postback_placeholder_unknown', params: { name: 'clickid' } });
    expect(unknown.json().error.fields[0]).toMatchObject({ path: 'postbacks.signup' });
    expect(unknown.json().error.message).toContain('clickid');
    const notUrl = await admin.request({
      method: 'POST',
      url: '/api/admin/traffic/networks',
      payload: { ...base, postbacks: { signup: 'ftp://example.com/x' } },
    });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().error.fields[0]).toMatchObject({ path: 'postbacks.signup', code: 'postback_url_invalid' });
    const taken = await admin.request({
      method: 'POST',
      url: '/api/admin/traffic/networks',
      payload: { ...base, key: 'adnet' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('network_key_taken');
    for (const [method, url] of [
      ['PUT', '/api/admin/traffic/networks/999999'],
      ['DELETE', '/api/admin/traffic/networks/999999'],
    ] as const) {
      const missing = await admin.request({ method, url, ...(method === 'PUT' ? { payload: base } : {}) });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().error.code).toBe('network_not_found');
    }
    expect(
      (await admin.request({ method: 'POST', url: '/api/admin/traffic/postbacks/999999/resend' })).statusCode,
    ).toBe(404);

    // A click id no network sends (2,000 characters), a forged cookie: ignored, the page answers.
    const client = createClient(app);
    const long = await client.request({ url: `/landers/video?network=adnet&cid=${'x'.repeat(2000)}` });
    expect(long.statusCode).toBe(200);
    const [visit] = await app.db
      .select()
      .from(trafficVisits)
      .where(eq(trafficVisits.lander, 'video'))
      .orderBy(sql`${trafficVisits.id} desc`)
      .limit(1);
    expect(visit).toMatchObject({ network: 'adnet', clickId: null });
    const forged = createClient(app);
    forged.trackingCookie = client.trackingCookie!.replace(/.$/, (char) => (char === 'A' ? 'B' : 'A'));
    const forgedPage = await forged.request({ url: '/landers/video?network=adnet&cid=forged' });
    expect(forgedPage.statusCode).toBe(200);
    expect(forged.trackingCookie).not.toBe(client.trackingCookie);
    expect(forged.trackingCookie!.split('.')[1]).not.toBe(client.trackingCookie!.split('.')[1]);
  });

  it('refuses a postback address that is not https on the public internet in production', async () => {
    const production = await buildTestApp({}, { postbackNetwork: { policy: PUBLIC_HTTPS_POLICY } });
    try {
      const staff = await signedInStaff(production, 'admin');
      for (const template of [
        `${network.url}/pb?c={click_id}`,
        'http://postback.example.com/pb',
        'https://localhost/pb',
      ]) {
        const refused = await staff.request({
          method: 'POST',
          url: '/api/admin/traffic/networks',
          payload: { key: 'prod', name: 'Prod', postbacks: { purchase: template } },
        });
        expect(refused.statusCode, template).toBe(400);
        expect(refused.json().error.fields[0], template).toMatchObject({
          path: 'postbacks.purchase',
          code: 'postback_url_refused',
        });
      }
      const accepted = await staff.request({
        method: 'POST',
        url: '/api/admin/traffic/networks',
        payload: { key: 'prod', name: 'Prod', postbacks: { purchase: 'https://postback.example.com/pb?c={click_id}' } },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      // Support reads the networks but cannot change them.
      const support = await signedInStaff(production, 'support');
      expect((await support.request({ url: '/api/admin/traffic/networks' })).statusCode).toBe(200);
      expect(
        (await support.request({ method: 'DELETE', url: `/api/admin/traffic/networks/${accepted.json().network.id}` }))
          .statusCode,
      ).toBe(403);
    } finally {
      await production.close();
    }
  });
});
