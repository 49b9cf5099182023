// Orders as the staff console reads them beside staff-reads.ts: a member's orders (newest first) and the paid orders
// per UTC day and currency for the dashboard. Read only.
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, users } from '../../db/schema/index.ts';
import { utcDayOf } from '../../lib/utc-day.ts';

/** A page of a member's orders with the account's address, newest first, `limit + 1` rows. */
export function listMemberOrdersPage(executor: Executor, query: { userId: number; beforeId?: number; limit: number }) {
  return executor
    .select({ order: orders, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(eq(orders.userId, query.userId), query.beforeId !== undefined ? lt(orders.id, query.beforeId) : undefined),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
}

/** Orders paid per UTC day and currency since `from` (count and amount), of one site or all. */
export function countPaidOrdersByDay(executor: Executor, query: { from: Date; siteId?: number }) {
  return executor
    .select({
      day: utcDayOf(orders.paidAt),
      currency: orders.currency,
      count: sql<number>`count(*)`.mapWith(Number),
      amount: sql<number>`sum(${orders.amountMinor})`.mapWith(Number),
    })
    .from(orders)
    .where(and(gte(orders.paidAt, query.from), query.siteId ? eq(orders.siteId, query.siteId) : undefined))
    .groupBy(sql`1`, orders.currency);
}
