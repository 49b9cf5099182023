// The credit ledger: every change of a member's credits is one postLedgerEntry inside the transaction of the action causing it.
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creditBalances, creditLedger, type CreditLedgerRow } from '../../db/schema/index.ts';
import { hasSqlState } from '../../lib/db-errors.ts';
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
/** `balanceVersion` moves up by one with every change of the balance, in commit order (a newer copy wins). */
export type LedgerEntryResult = { entryId: number; balance: number; balanceVersion: number; isReplay: boolean };

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

/** SQLSTATEs credits_post_entry (migration 0028) raises: a debit the balance cannot cover, a key used for another entry. */
const NOT_ENOUGH_CREDITS_SQLSTATE = 'CR402';
const KEY_REUSED_SQLSTATE = 'CR409';

/** Whether a database error is credits_post_entry refusing a debit the balance cannot cover. */
export const isNotEnoughCreditsError = (error: unknown) => hasSqlState(error, NOT_ENOUGH_CREDITS_SQLSTATE);

/**
 * Appends a ledger entry and moves the balance row in the caller's transaction, in one statement: the SQL function
 * `credits_post_entry` (migration 0028) is the one rule, used by every caller here and by the chat's send statement.
 * The conditional UPDATE locks the balance row, so concurrent debits queue up and can never overdraw; the CHECK
 * constraint (balance >= 0) is the last line of defence. A statement is atomic: a refused debit leaves nothing.
 */
export async function postLedgerEntry(executor: Executor, input: LedgerEntryInput): Promise<LedgerEntryResult> {
  if (!Number.isInteger(input.amount) || input.amount === 0)
    throw new Error(`ledger amount must be a non-zero integer, got ${input.amount}`);
  let rows: { entry_id: string | number; new_balance: number; balance_version: string | number; is_replay: boolean }[];
  try {
    ({ rows } = (await executor.execute(
      sql`select * from credits_post_entry(${input.userId}::int, ${input.amount}::int, ${input.reason}::text, ${input.reference ?? null}::text, ${input.idempotencyKey}::text)`,
    )) as unknown as { rows: typeof rows });
  } catch (error) {
    if (isNotEnoughCreditsError(error)) throw notEnoughCredits();
    if (hasSqlState(error, KEY_REUSED_SQLSTATE))
      throw new Error(`idempotency key ${input.idempotencyKey} was used for a different ledger entry`, {
        cause: error,
      });
    throw error;
  }
  const [row] = rows;
  if (!row) throw new Error('credits_post_entry answered no row');
  return {
    entryId: Number(row.entry_id),
    balance: Number(row.new_balance),
    balanceVersion: Number(row.balance_version),
    isReplay: row.is_replay,
  };
}
