// A discount is used when the order is placed, not when it is paid: its use is reserved in the order's transaction
// (under the code's limits, counting open orders), given back when the order fails, and checked again at crediting.
// Requests alternate between two instances on one database (CI's PostgreSQL pass runs them side by side).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { TIME_BONUS_CODE, type CreditsResponse, type Order } from '@app/contracts';
import { discountCodes, orders, sandboxPayments, users } from '../../db/schema/index.ts';
import { concurrencyProves } from '../../test-support/concurrency.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { sessionOn, useTwoInstances } from '../../test-support/two-instances.ts';
import { advanceClock, type Client } from '../../test-support/accounts.ts';
import { getBalance } from '../credits/index.ts';
import { createMember, type TestMember } from '../../test-support/members.ts';
import { RESERVATION_HOLD_MS } from './index.ts';

describe('discounts reserved with the order', () => {
  const instances = useTwoInstances();

  /** The member's session on the other instance. */
  const onSecond = (client: Client): Client => sessionOn(instances.second, client);

  async function settledMember(): Promise<TestMember> {
    const { first } = instances;
    const member = await createMember(first);
    await first.db
      .update(users)
      .set({ createdAt: sql`now() - interval '5 hours'` })
      .where(eq(users.id, member.user.id));
    await first.memberEvents.changed(member.user.id);
    return member;
  }

  async function smallBundle(client: Client): Promise<number> {
    return (await client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>().bundles[0]!.id;
  }

  const placeOrder = (client: Client, bundleId: number, code?: string) =>
    client.request({
      method: 'POST',
      url: '/api/order.php',
      payload: { bundle_id: bundleId, method: 'ideal', country: 'NL', ...(code ? { discount_code: code } : {}) },
    });

  async function complete(app: TestApp, checkoutUrl: string, outcome: 'paid' | 'failed' | 'canceled' | 'expired') {
    const id = new URL(checkoutUrl, 'http://x').searchParams.get('id')!;
    const chosen = await app.inject({ method: 'POST', url: '/api/sandbox-checkout.php', payload: { id, outcome } });
    expect(chosen.statusCode).toBe(302);
    return id;
  }

  async function addCode(code: string, validity: 'once' | 'once_per_user' | 'unlimited', valuePercentage = 50) {
    const site = await instances.first.sites.resolve('');
    await instances.first.db.insert(discountCodes).values({ siteId: site.id, code, valuePercentage, validity });
  }

  it('answers "Code already used" to a second order while the first with a once-per-user code is open, naming the open order; a failed order gives the code back', async () => {
    await addCode('HALF', 'once_per_user');
    const member = await settledMember();
    const bundleId = await smallBundle(member.client);
    const first = await placeOrder(member.client, bundleId, 'HALF');
    expect(first.statusCode).toBe(200);
    const firstOrder = first.json<{ order: Order; checkout_url: string }>();
    expect(firstOrder.order).toMatchObject({
      discount_code: 'HALF',
      amount: { amount: 498 },
      status: 'open',
      checkout_url: firstOrder.checkout_url,
    });

    // Four more orders, on either instance: each is refused while the first is open, with a way to continue it.
    for (const client of [member.client, onSecond(member.client), member.client, onSecond(member.client)]) {
      const again = await placeOrder(client, bundleId, 'HALF');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        error: { code: 'discount_code_used', message: 'Code already used', params: { order: firstOrder.order.id } },
      });
    }
    const checked = await member.client.request({ url: '/api/discountcode.php?code=half' });
    expect(checked.json()).toMatchObject({
      error: { code: 'discount_code_used', params: { order: firstOrder.order.id } },
    });
    const open = await member.client.request({ url: `/api/order.php?id=${firstOrder.order.id}` });
    expect(open.json().order.checkout_url).toBe(firstOrder.checkout_url);

    // The first payment fails: the code is free again, and one order takes it.
    await complete(instances.first, firstOrder.checkout_url, 'failed');
    const retried = await placeOrder(onSecond(member.client), bundleId, 'HALF');
    expect(retried.statusCode).toBe(200);
    await complete(instances.second, retried.json().checkout_url, 'paid');
    expect((await placeOrder(member.client, bundleId, 'HALF')).json()).toMatchObject({
      error: { code: 'discount_code_used' },
    });
    const paid = await instances.first.db.select().from(orders).where(eq(orders.userId, member.user.id));
    expect(paid.filter((row) => row.status === 'paid' && row.discountCode === 'HALF')).toHaveLength(1);
    // Someone else's hold is not named to another member.
    const other = await settledMember();
    expect((await placeOrder(other.client, bundleId, 'HALF')).statusCode).toBe(200);
  });

  it(`lets exactly one of 20 members ordering a "once" code at the same moment have it (${concurrencyProves})`, async () => {
    await addCode('ONLYONE', 'once');
    const members = await Promise.all(Array.from({ length: 20 }, () => settledMember()));
    const bundleId = await smallBundle(members[0]!.client);
    const replies = await Promise.all(
      members.map((member, index) =>
        placeOrder(index % 2 ? onSecond(member.client) : member.client, bundleId, 'ONLYONE'),
      ),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    // Nobody else names the holder's order.
    for (const reply of replies.filter((candidate) => candidate.statusCode === 409))
      expect(reply.json().error.params).toBeUndefined();
    const discounted = await instances.first.db.select().from(orders).where(eq(orders.discountCode, 'ONLYONE'));
    expect(discounted).toHaveLength(1);
  });

  it('uses the 25 % time bonus once: a second order while the first is open pays the list price', async () => {
    const { first } = instances;
    const member = await createMember(first);
    const bundleId = await smallBundle(member.client);
    const one = (await placeOrder(member.client, bundleId)).json<{ order: Order; checkout_url: string }>();
    expect(one.order).toMatchObject({ discount_code: TIME_BONUS_CODE, amount: { amount: 746 } });
    // While it is open, the bonus is not offered again: not on the page, not on another order, not typed in.
    expect(
      (await onSecond(member.client).request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>().discount,
    ).toBeNull();
    const twice = await Promise.all([
      placeOrder(member.client, bundleId),
      placeOrder(onSecond(member.client), bundleId),
      placeOrder(member.client, bundleId),
    ]);
    for (const reply of twice)
      expect(reply.json().order).toMatchObject({ discount_code: null, amount: { amount: 995 } });
    expect((await placeOrder(member.client, bundleId, TIME_BONUS_CODE)).json()).toMatchObject({
      error: { code: 'discount_code_used', params: { order: one.order.id } },
    });
    await complete(first, one.checkout_url, 'paid');
    expect(await getBalance(first.db, member.user.id)).toBe(70);
    const bonusOrders = await first.db.select().from(orders).where(eq(orders.discountCode, TIME_BONUS_CODE));
    expect(bonusOrders.filter((row) => row.userId === member.user.id)).toHaveLength(1);
  });

  it("lets an abandoned checkout's hold lapse; paid after another order took the code, it earns what the price paid buys, never a second discount", async () => {
    const { first, second } = instances;
    await addCode('LAPSE', 'once_per_user');
    const member = await settledMember();
    const bundleId = await smallBundle(member.client);
    const abandoned = (await placeOrder(member.client, bundleId, 'LAPSE')).json<{
      order: Order;
      checkout_url: string;
    }>();
    const clocks = [first.clock.now, second.clock.now];
    onTestFinished(() => {
      [first.clock.now, second.clock.now] = clocks as [() => Date, () => Date];
    });
    advanceClock(first, RESERVATION_HOLD_MS + 60_000);
    advanceClock(second, RESERVATION_HOLD_MS + 60_000);
    const taken = await placeOrder(onSecond(member.client), bundleId, 'LAPSE');
    expect(taken.statusCode).toBe(200);
    await complete(second, taken.json().checkout_url, 'paid');
    expect(await getBalance(first.db, member.user.id)).toBe(70);
    // The abandoned checkout is paid after all (the provider's checkout was still open): 4.98 buys 25 of the 50 credits.
    const paymentId = new URL(abandoned.checkout_url, 'http://x').searchParams.get('id')!;
    await first.db.update(sandboxPayments).set({ status: 'open' }).where(eq(sandboxPayments.id, paymentId));
    await complete(first, abandoned.checkout_url, 'paid');
    const order = (await member.client.request({ url: `/api/order.php?id=${abandoned.order.id}` })).json<{
      order: Order;
    }>().order;
    expect(order).toMatchObject({ status: 'paid', credits: 25, amount: { amount: 498 } });
    expect(await getBalance(first.db, member.user.id)).toBe(95);
  });

  it('keeps unlimited codes usable by every order', async () => {
    await addCode('ALWAYS', 'unlimited', 10);
    const member = await settledMember();
    const bundleId = await smallBundle(member.client);
    const replies = await Promise.all([
      placeOrder(member.client, bundleId, 'ALWAYS'),
      placeOrder(onSecond(member.client), bundleId, 'ALWAYS'),
    ]);
    for (const reply of replies)
      expect(reply.json().order).toMatchObject({ discount_code: 'ALWAYS', amount: { amount: 896 } });
  });

  it('marks the order failed and gives the code back when the provider refuses to create the payment', async () => {
    const { first } = instances;
    await addCode('REFUSED', 'once');
    const member = await settledMember();
    const bundleId = await smallBundle(member.client);
    const provider = first.services.payments.provider;
    const createPayment = provider.createPayment;
    provider.createPayment = async () => {
      throw new Error('provider down');
    };
    try {
      expect((await placeOrder(member.client, bundleId, 'REFUSED')).json()).toMatchObject({
        error: { status: 502, code: 'payment_failed' },
      });
    } finally {
      provider.createPayment = createPayment;
    }
    const [failed] = await first.db.select().from(orders).where(eq(orders.discountCode, 'REFUSED'));
    expect(failed).toMatchObject({ status: 'failed' });
    expect((await placeOrder(member.client, bundleId, 'REFUSED')).statusCode).toBe(200);
  });
});
