// The credit ledger: every change of a member's credits is one postLedgerEntry inside the transaction of the action causing it.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creditBalances, creditLedger, type CreditLedgerRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';

export type LedgerEntryInput = {
  userId: number;
  /** Positive adds credits, negative spends them; never zero. */
  amount: number;
  reason: string;
  reference?: string;
  /** Unique per effect: a replay with the same key changes nothing and answers the first entry. */
  idempotencyKey: string;
};
export type LedgerEntryResult = { entry: CreditLedgerRow; balance: number; isReplay: boolean };

/** Thrown when a debit would take the balance below zero; the caller's transaction rolls back. */
export const notEnoughCredits = () => new AppError(402, 'not_enough_credits');

export async function getBalance(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId));
  return row?.balance ?? 0;
}

/** Locks the member's balance row for the rest of the caller's transaction: nothing spends meanwhile. */
export async function lockBalance(executor: Executor, userId: number): Promise<void> {
  await executor
    .select({ userId: creditBalances.userId })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId))
    .for('update');
}

/** The member's ledger entries in the order they were posted (amount, reason, reference). */
export async function listLedgerEntries(
  executor: Executor,
  userId: number,
): Promise<Pick<CreditLedgerRow, 'amount' | 'reason' | 'reference'>[]> {
  return executor
    .select({ amount: creditLedger.amount, reason: creditLedger.reason, reference: creditLedger.reference })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.id));
}

/**
 * Appends a ledger entry and moves the balance row in the same transaction `tx`.
 * The conditional UPDATE locks the balance row, so concurrent debits queue up and can never overdraw;
 * the CHECK constraint (balance >= 0) is the last line of defence.
 */
export async function postLedgerEntry(executor: Executor, input: LedgerEntryInput): Promise<LedgerEntryResult> {
  if (!Number.isInteger(input.amount) || input.amount === 0)
    throw new Error(`ledger amount must be a non-zero integer, got ${input.amount}`);
  // A savepoint inside the caller's transaction (or a transaction of its own): the entry and the balance move together or not at all.
  return executor.transaction(async (tx) => {
    const [entry] = await tx
      .insert(creditLedger)
      .values({
        userId: input.userId,
        amount: input.amount,
        reason: input.reason,
        reference: input.reference ?? null,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing({ target: creditLedger.idempotencyKey })
      .returning();
    if (!entry) {
      const [existing] = await tx
        .select()
        .from(creditLedger)
        .where(eq(creditLedger.idempotencyKey, input.idempotencyKey));
      if (!existing || existing.userId !== input.userId || existing.amount !== input.amount) {
        throw new Error(`idempotency key ${input.idempotencyKey} was used for a different ledger entry`);
      }
      return { entry: existing, balance: await getBalance(tx, input.userId), isReplay: true };
    }
    await tx
      .insert(creditBalances)
      .values({ userId: input.userId, balance: 0 })
      .onConflictDoNothing({ target: creditBalances.userId });
    const [updated] = await tx
      .update(creditBalances)
      .set({ balance: sql`${creditBalances.balance} + ${input.amount}`, updatedAt: sql`now()` })
      .where(and(eq(creditBalances.userId, input.userId), sql`${creditBalances.balance} + ${input.amount} >= 0`))
      .returning({ balance: creditBalances.balance });
    if (!updated) throw notEnoughCredits();
    return { entry, balance: updated.balance, isReplay: false };
  });
}
