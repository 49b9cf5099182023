import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBalances, creditLedger } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { concurrencyProves } from '../../test-support/concurrency.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signUp } from '../../test-support/accounts.ts';
import { getBalance, postLedgerEntry } from './credits.service.ts';

describe('credit ledger', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const entriesOf = (userId: number) => app.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));

  it('adds and spends credits, keeping the balance row in step with the entries', async () => {
    const { user } = await signUp(app);
    expect(await getBalance(app.db, user.id)).toBe(20);
    const spent = await postLedgerEntry(app.db, {
      userId: user.id,
      amount: -7,
      reason: 'message',
      reference: 'message:1',
      idempotencyKey: `test:spend:${user.id}`,
    });
    expect(spent).toMatchObject({ balance: 13, isReplay: false });
    expect((await entriesOf(user.id)).find((entry) => entry.id === spent.entryId)).toMatchObject({
      amount: -7,
      reason: 'message',
      reference: 'message:1',
    });
    await postLedgerEntry(app.db, {
      userId: user.id,
      amount: 100,
      reason: 'purchase',
      idempotencyKey: `test:buy:${user.id}`,
    });
    const entries = await entriesOf(user.id);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(113);
    expect(await getBalance(app.db, user.id)).toBe(113);
  });

  it('never goes below zero: the debit fails and leaves neither an entry nor a balance change', async () => {
    const { user } = await signUp(app);
    const attempt = postLedgerEntry(app.db, {
      userId: user.id,
      amount: -21,
      reason: 'message',
      idempotencyKey: `test:overdraw:${user.id}`,
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 402, code: 'not_enough_credits' });
    expect(await getBalance(app.db, user.id)).toBe(20);
    expect(await entriesOf(user.id)).toHaveLength(1);
    // Exactly to zero is fine.
    expect(
      (
        await postLedgerEntry(app.db, {
          userId: user.id,
          amount: -20,
          reason: 'message',
          idempotencyKey: `test:zero:${user.id}`,
        })
      ).balance,
    ).toBe(0);
  });

  it('rolls the whole action back with the failed debit when it runs inside the action transaction', async () => {
    const { user } = await signUp(app);
    await expect(
      app.db.transaction(async (tx) => {
        await postLedgerEntry(tx, {
          userId: user.id,
          amount: 5,
          reason: 'bonus',
          idempotencyKey: `test:tx-bonus:${user.id}`,
        });
        await postLedgerEntry(tx, {
          userId: user.id,
          amount: -100,
          reason: 'gift',
          idempotencyKey: `test:tx-gift:${user.id}`,
        });
      }),
    ).rejects.toMatchObject({ code: 'not_enough_credits' });
    expect(await getBalance(app.db, user.id)).toBe(20);
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  it('changes nothing on a replay with the same idempotency key', async () => {
    const { user } = await signUp(app);
    const entry = { userId: user.id, amount: -3, reason: 'message', idempotencyKey: `test:replay:${user.id}` };
    const first = await postLedgerEntry(app.db, entry);
    const replay = await postLedgerEntry(app.db, entry);
    expect(replay).toMatchObject({ isReplay: true, balance: 17, entryId: first.entryId });
    expect(await getBalance(app.db, user.id)).toBe(17);
    expect(await entriesOf(user.id)).toHaveLength(2);
    await expect(postLedgerEntry(app.db, { ...entry, amount: -4 })).rejects.toThrow(/different ledger entry/);
  });

  it(`lets concurrent debits spend the balance at most once (${concurrencyProves})`, async () => {
    const { user } = await signUp(app);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        postLedgerEntry(app.db, {
          userId: user.id,
          amount: -5,
          reason: 'message',
          idempotencyKey: `test:race:${user.id}:${index}`,
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(4);
    expect(await getBalance(app.db, user.id)).toBe(0);
  });

  it('refuses a zero amount', async () => {
    const { user } = await signUp(app);
    await expect(
      postLedgerEntry(app.db, {
        userId: user.id,
        amount: 0,
        reason: 'x',
        idempotencyKey: `test:zero-amount:${user.id}`,
      }),
    ).rejects.toThrow(/non-zero/);
  });

  it('has the database refuse a negative balance and any change to a ledger entry', async () => {
    const { user } = await signUp(app);
    await expect(
      app.db.update(creditBalances).set({ balance: -1 }).where(eq(creditBalances.userId, user.id)),
    ).rejects.toThrow();
    await expect(
      app.db.update(creditLedger).set({ amount: 1000 }).where(eq(creditLedger.userId, user.id)),
    ).rejects.toThrow();
    await expect(app.db.delete(creditLedger).where(eq(creditLedger.userId, user.id))).rejects.toThrow();
    const [row] = await app.db
      .select({ total: sql<number>`sum(${creditLedger.amount})`.mapWith(Number) })
      .from(creditLedger)
      .where(eq(creditLedger.userId, user.id));
    expect(row?.total).toBe(20);
  });
});
