// Writing orders: created, failed when their payment never started, updated, locked, tied to the provider's payment.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, type OrderRow } from '../../db/schema/index.ts';

type NewOrderRow = typeof orders.$inferInsert;

export function createOrdersWriteRepository(db: Executor) {
  return {
    async insertOrder(values: NewOrderRow, tx: Executor): Promise<OrderRow> {
      const [row] = await tx.insert(orders).values(values).returning();
      return row!;
    },

    /** Fails an order whose payment never started (open or pending, no provider payment); false when it had one. */
    async failUnstartedOrder(orderId: number, tx: Executor): Promise<boolean> {
      const [failed] = await tx
        .update(orders)
        .set({ status: 'failed' })
        .where(
          and(
            eq(orders.id, orderId),
            sql`${orders.status} in ('open', 'pending')`,
            sql`${orders.providerPaymentId} is null`,
          ),
        )
        .returning({ id: orders.id });
      return failed !== undefined;
    },

    async updateOrder(orderId: number, values: Partial<NewOrderRow>, tx: Executor = db): Promise<OrderRow | undefined> {
      const [row] = await tx.update(orders).set(values).where(eq(orders.id, orderId)).returning();
      return row;
    },

    /** The order, locked for the rest of the transaction. */
    async lockOrder(orderId: number, tx: Executor): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      return row;
    },

    /** Gives the order of this provider its payment id, unless it has one already. */
    async claimPaymentId(orderId: number, provider: string, paymentId: string): Promise<{ id: number } | undefined> {
      const [row] = await db
        .update(orders)
        .set({ providerPaymentId: paymentId })
        .where(and(eq(orders.id, orderId), eq(orders.provider, provider), sql`${orders.providerPaymentId} is null`))
        .returning({ id: orders.id });
      return row;
    },
  };
}
