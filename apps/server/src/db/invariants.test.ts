// The invariants a restore is verified with (db/invariants.ts): they hold on what the app writes (signups, purchases,
// paid messages), and each one names the row that breaks it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendMessageResponse } from '@app/contracts';
import { buildTestApp, type TestApp } from '../test-support/test-app.ts';
import { createMember, type TestMember } from '../test-support/members.ts';
import { payOrder } from '../test-support/orders.ts';
import { checkInvariants, formatInvariants, invariantsHold } from './invariants.ts';

describe('invariants of a restored database', () => {
  let app: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let conversationId: number;
  let messageId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    alice = await createMember(app);
    bob = await createMember(app);
    await payOrder(app, alice.client);
    const sent = await alice.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: bob.profileId, client_id: randomUUID(), text: 'Hello' },
    });
    expect(sent.statusCode).toBe(200);
    ({
      conversation: { id: conversationId },
      message: { id: messageId },
    } = sent.json<SendMessageResponse>());
  });
  afterAll(() => app.close());

  /** The checks that break after `statements`, by name, with their first problem. */
  async function brokenAfter(...statements: string[]): Promise<Record<string, string>> {
    for (const statement of statements) await app.db.execute(sql.raw(statement));
    const checks = await checkInvariants(app.db);
    return Object.fromEntries(checks.filter((item) => item.problemCount).map((item) => [item.name, item.problems[0]!]));
  }

  it('hold on what the app wrote, each on the rows it covers', async () => {
    const checks = await checkInvariants(app.db);
    expect(invariantsHold(checks), formatInvariants(checks)).toBe(true);
    expect(Object.fromEntries(checks.map((item) => [item.name, item.checked]))).toEqual({
      balances: 2,
      'paid orders': 1,
      purchases: 1,
      'paid messages': 1,
      'message debits': 1,
      conversations: 1,
      orphans: expect.any(Number),
    });
    expect(checks.find((item) => item.name === 'orphans')!.checked).toBeGreaterThan(50);
    expect(formatInvariants(checks)).toMatch(/^ok +balances: every member's balance is the sum/);
  });

  // Each break below leaves the earlier ones in place: the checks are read in order, by name.
  it('name a balance that is not its ledger sum', async () => {
    expect(
      await brokenAfter(`update credit_balances set balance = balance + 5 where user_id = ${bob.user.id}`),
    ).toEqual({ balances: `member ${bob.user.id}: balance 25, ledger sum 20` });
  });

  it('name a paid order without its credit, and a credit of an order that is not paid', async () => {
    const broken = await brokenAfter(
      `insert into orders (site_id, user_id, credits, currency, base_amount_minor, amount_minor, method, country, status, provider)
       select site_id, user_id, 100, currency, base_amount_minor, amount_minor, method, country, 'paid', 'sandbox' from orders limit 1`,
      `select credits_post_entry(${bob.user.id}, 7, 'purchase', 'order:999999', 'order:999999')`,
    );
    expect(broken['paid orders']).toMatch(/^order \d+: 0 purchase entries for 0 credits, paid for 100$/);
    expect(broken.purchases).toMatch(/^ledger entry \d+ \(order:999999, order:999999\): order missing$/);
  });

  it('name a message whose debit differs from its cost, a debit without its message, a conversation short of messages', async () => {
    const broken = await brokenAfter(
      `update messages set cost = cost + 1 where id = ${messageId}`,
      `select credits_post_entry(${alice.user.id}, -1, 'message', 'conversation:${conversationId}', 'chat:${alice.profileId}:gone')`,
      `update conversations set last_seq = last_seq + 1 where id = ${conversationId}`,
    );
    expect(broken['paid messages']).toBe(`message ${messageId}: 1 debits of -10 for a cost of 11`);
    expect(broken['message debits']).toMatch(
      new RegExp(`^ledger entry \\d+ \\(chat:${alice.profileId}:gone\\): no such message$`),
    );
    expect(broken.conversations).toBe(`conversation ${conversationId}: last_seq 2, 1 messages, newest seq 1`);
  });

  it('name rows that point at nothing', async () => {
    // As a restore that loaded rows with the keys' triggers off (pg_restore --disable-triggers) would leave them.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into conversation_members (conversation_id, profile_id, partner_profile_id) values (999999, ${alice.profileId}, ${bob.profileId})`,
      );
    });
    const broken = await brokenAfter();
    expect(broken.orphans).toMatch(/^conversation_members: 1 rows name no conversations \(\w+\)$/);
    expect(formatInvariants(await checkInvariants(app.db))).toMatch(/^BROKEN \(1\) +orphans: /m);
  });
});
