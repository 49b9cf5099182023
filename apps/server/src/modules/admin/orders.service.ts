// Staff on payments: orders with their state, refunds through the payments service (audited), failed webhooks. The
// rows are modules/payments'.
import type { AdminOrder, OrderStatus } from '@app/contracts';
import type { OrderRow } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import { listLedgerEntries } from '../credits/index.ts';
import {
  findOrderWithEmail,
  listFailedWebhooksPage,
  listOrdersPage,
  refundShare,
  type RefundsService,
} from '../payments/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { toAdminOrder } from './admin-rows.ts';
import { createPaging, DEFAULT_PAGE } from './paging.ts';

/** Staff refunds are not bound by the member's refund window (SPEC 3 refund_days); still only unused credits. */
const STAFF_REFUND_DAYS = 36_500;

/** What a refund of a paid, unrefunded order would give back now (the console's confirmation); null otherwise. */
async function refundPreview(db: Database, order: OrderRow): Promise<AdminOrder['refund_preview']> {
  if (order.status !== 'paid' || order.refundedAt || order.userId === null) return null;
  const share = refundShare(order, await listLedgerEntries(db, order.userId));
  return { credits: share.credits, amount_minor: share.amountMinor };
}

export function createAdminOrdersService(deps: {
  db: Database;
  cursors: CursorCodec;
  refunds: Pick<RefundsService, 'refund'>;
}) {
  const { db } = deps;
  const { afterId, nextOf } = createPaging(deps.cursors);

  async function requireOrder(orderId: number) {
    const row = await findOrderWithEmail(db, orderId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async listOrders(query: { status?: OrderStatus; site?: number; user?: number; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = 'admin-orders';
      const rows = await listOrdersPage(db, {
        status: query.status,
        siteId: query.site,
        userId: query.user,
        beforeId: afterId(kind, query.cursor),
        limit,
      });
      return {
        orders: rows.slice(0, limit).map((row) => toAdminOrder(row.order, row.email, null)),
        next_cursor: nextOf(rows, limit, kind, (row) => row.order.id),
      };
    },

    /** One order; a paid one not yet refunded says what a refund would give back now (its unused credits' share). */
    async order(orderId: number) {
      const row = await requireOrder(orderId);
      return { order: toAdminOrder(row.order, row.email, row.order.status, await refundPreview(db, row.order)) };
    },

    /** Refunds the order's unused credits through the payments service (ledger first, then the provider). */
    async refund(actor: AuditActor, orderId: number) {
      const before = await requireOrder(orderId);
      if (before.order.status !== 'paid' || before.order.userId === null)
        throw new AppError(409, 'order_not_refundable');
      await deps.refunds.refund({ refundDays: STAFF_REFUND_DAYS }, before.order.userId, orderId);
      const after = await requireOrder(orderId);
      await recordAudit(db, actor, {
        action: 'order.refund',
        targetType: 'order',
        targetId: orderId,
        before: { refunded_credits: before.order.refundedCredits, refunded_minor: before.order.refundedMinor },
        after: {
          refunded_credits: after.order.refundedCredits,
          refunded_minor: after.order.refundedMinor,
          provider_refund_id: after.order.providerRefundId,
        },
      });
      return { order: toAdminOrder(after.order, after.email, after.order.status) };
    },

    /** Webhooks that named no known payment or failed while handled, newest first. */
    async failedWebhooks(query: { cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const rows = await listFailedWebhooksPage(db, { beforeId: afterId('admin-webhooks', query.cursor), limit });
      return {
        webhooks: rows.slice(0, limit).map((row) => ({
          id: row.id,
          provider: row.provider,
          provider_payment_id: row.providerPaymentId,
          outcome: row.outcome,
          error: row.error,
          received_at: row.receivedAt.toISOString(),
        })),
        next_cursor: nextOf(rows, limit, 'admin-webhooks', (row) => row.id),
      };
    },
  };
}
export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
