// Orders and payment webhooks as the staff console reads them: newest first, `limit + 1` rows per page (the extra one
// says a next page exists); an order with its member's e-mail address.
import { and, desc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { OrderStatus } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import { orders, paymentWebhooks, users } from '../../db/schema/index.ts';

const orderWithEmail = { order: orders, email: users.email };

export async function findOrderWithEmail(executor: Executor, orderId: number) {
  const [row] = await executor
    .select(orderWithEmail)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

export async function listOrdersPage(
  executor: Executor,
  query: { status?: OrderStatus; siteId?: number; userId?: number; beforeId?: number; limit: number },
) {
  return executor
    .select(orderWithEmail)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        // `refunded` is a paid order with a refund; `paid` then means paid and not refunded.
        query.status === 'refunded'
          ? and(eq(orders.status, 'paid'), isNotNull(orders.refundedAt))
          : query.status === 'paid'
            ? and(eq(orders.status, 'paid'), isNull(orders.refundedAt))
            : query.status
              ? eq(orders.status, query.status)
              : undefined,
        query.siteId ? eq(orders.siteId, query.siteId) : undefined,
        query.userId ? eq(orders.userId, query.userId) : undefined,
        query.beforeId !== undefined ? lt(orders.id, query.beforeId) : undefined,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(query.limit + 1);
}

/** Webhooks that named no known payment or failed while handled. */
export async function listFailedWebhooksPage(executor: Executor, query: { beforeId?: number; limit: number }) {
  return executor
    .select()
    .from(paymentWebhooks)
    .where(
      and(
        or(
          isNotNull(paymentWebhooks.error),
          eq(paymentWebhooks.outcome, 'unknown'),
          eq(paymentWebhooks.outcome, 'failed'),
        ),
        query.beforeId !== undefined ? lt(paymentWebhooks.id, query.beforeId) : undefined,
      ),
    )
    .orderBy(desc(paymentWebhooks.id))
    .limit(query.limit + 1);
}
