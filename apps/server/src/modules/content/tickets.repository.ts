// Drizzle queries of support tickets, and the member's orders a complaint may name.
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, tickets, type TicketRow } from '../../db/schema/index.ts';

export type NewTicket = typeof tickets.$inferInsert;

/** How many of the member's newest orders the complaint form offers. */
export const COMPLAINT_ORDERS_LIMIT = 50;

export function createTicketsRepository(db: Executor) {
  return {
    async insert(values: NewTicket, tx: Executor = db): Promise<TicketRow> {
      const [row] = await tx.insert(tickets).values(values).returning();
      return row!;
    },

    /** Whether the order is the member's own on this site (orders_user_idx). */
    async isMemberOrder(siteId: number, userId: number, orderId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.siteId, siteId)))
        .limit(1);
      return rows.length > 0;
    },

    /** The member's newest orders on this site (orders_user_idx, newest first). */
    async listMemberOrders(siteId: number, userId: number, tx: Executor = db) {
      return tx
        .select({
          id: orders.id,
          createdAt: orders.createdAt,
          credits: orders.credits,
          amountMinor: orders.amountMinor,
          currency: orders.currency,
          status: orders.status,
        })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.siteId, siteId)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(COMPLAINT_ORDERS_LIMIT);
    },
  };
}
export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
