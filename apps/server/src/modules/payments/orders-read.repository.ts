// Reading orders: one by id, the member's own, their last paid one, ours of a provider's payment.
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, type OrderRow } from '../../db/schema/index.ts';

export function createOrdersReadRepository(db: Executor) {
  return {
    async findOrder(orderId: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },

    /** The member's own order (locked when `lock`), or undefined. */
    async findOwnOrder(
      userId: number,
      orderId: number,
      options: { tx?: Executor; lock?: boolean } = {},
    ): Promise<OrderRow | undefined> {
      const query = (options.tx ?? db)
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      const [row] = options.lock ? await query.for('update') : await query.limit(1);
      return row;
    },

    /** The member's latest orders, newest first (at most 100). */
    async listOwnOrders(userId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(100);
    },

    /** The member's last paid order. */
    async findLastPaidOrder(userId: number): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
        .orderBy(desc(orders.paidAt))
        .limit(1);
      return row;
    },

    /** Our order of the provider's payment. */
    async findOrderIdByPayment(provider: string, paymentId: string): Promise<{ id: number } | undefined> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.provider, provider), eq(orders.providerPaymentId, paymentId)))
        .limit(1);
      return row;
    },
  };
}
