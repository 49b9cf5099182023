// Direct debit's limits: the member's usage (orders paid by direct debit) and blocks.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { directDebitBlocks, orders } from '../../db/schema/index.ts';

export function createDirectDebitLimitsRepository(db: Executor) {
  return {
    /** The member's direct debits: how many are unsettled, and the sum of those on their way or paid since `since`. */
    async directDebitUsage(
      userId: number,
      since: Date,
      tx: Executor = db,
    ): Promise<{ pending: number; total: number }> {
      const [usage] = await tx
        .select({
          pending: sql<number>`count(*) filter (where ${orders.status} in ('open', 'pending'))`.mapWith(Number),
          total:
            sql<number>`coalesce(sum(${orders.amountMinor}) filter (where ${orders.status} in ('open', 'pending', 'paid') and ${orders.createdAt} >= ${since}), 0)`.mapWith(
              Number,
            ),
        })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.method, 'sdd')));
      return { pending: usage?.pending ?? 0, total: usage?.total ?? 0 };
    },

    async isDirectDebitBlocked(userId: number, tx: Executor = db): Promise<boolean> {
      const [blocked] = await tx.select().from(directDebitBlocks).where(eq(directDebitBlocks.userId, userId)).limit(1);
      return blocked !== undefined;
    },

    async blockDirectDebit(userId: number, reason: string, tx: Executor): Promise<void> {
      await tx.insert(directDebitBlocks).values({ userId, reason }).onConflictDoNothing();
    },
  };
}
