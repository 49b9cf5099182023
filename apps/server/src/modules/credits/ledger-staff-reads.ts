// The credit ledger as the staff console reads it: a member's entries, newest first. Read only.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creditLedger, type CreditLedgerRow } from '../../db/schema/index.ts';

/** A page of a member's ledger entries, newest first, `limit + 1` rows. */
export function listLedgerPage(
  executor: Executor,
  query: { userId: number; beforeId?: number; limit: number },
): Promise<CreditLedgerRow[]> {
  return executor
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, query.userId),
        query.beforeId !== undefined ? lt(creditLedger.id, query.beforeId) : undefined,
      ),
    )
    .orderBy(desc(creditLedger.id))
    .limit(query.limit + 1);
}
