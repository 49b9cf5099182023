// An order as members see it: its status (a refunded order says so) and the day its refund period ends.
import type { Order, OrderStatus } from '@app/contracts';
import type { OrderRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';

/** The status members and staff see: a paid order whose unused credits were refunded says so. */
export function orderStatusOf(row: Pick<OrderRow, 'status' | 'refundedAt'>): OrderStatus {
  return row.status === 'paid' && row.refundedAt ? 'refunded' : row.status;
}

/** The end of a paid order's refund period. */
export const refundEnd = (paidAt: Date, refundDays: number) =>
  new Date(paidAt.getTime() + refundDays * 24 * 60 * 60 * 1000);

export const orderNotFound = () => new AppError(404, 'order_not_found');

export function toOrder(row: OrderRow, refundDays?: number): Order {
  return {
    id: row.id,
    payment_id: row.id,
    bundle_id: row.bundleId,
    status: orderStatusOf(row),
    credits: row.credits,
    amount: { amount: row.amountMinor, currency: row.currency },
    transaction_costs: row.transactionCostsMinor,
    discount_code: row.discountCode,
    discount_percentage: row.discountPercentage,
    method: row.method,
    paymentmethod: row.method,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    is_repeat: row.sequenceType === 'recurring',
    // Only the member's own order is ever answered; its checkout may be continued while the payment is open.
    checkout_url: row.status === 'open' ? row.checkoutUrl : null,
    refunded_credits: row.refundedCredits,
    refunded_amount: row.refundedMinor,
    refundable_until:
      row.status === 'paid' && !row.refundedAt && row.paidAt && refundDays !== undefined
        ? refundEnd(row.paidAt, refundDays).toISOString()
        : null,
  };
}
