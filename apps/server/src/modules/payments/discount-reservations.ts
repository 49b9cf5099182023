// Reserving a discount's use: taken by a placed order in its transaction, kept when paid (or taken again when paid
// late), given back when the order fails.
import { TIME_BONUS_CODE } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import type { DiscountLookup } from './discount-lookup.ts';
import { RESERVATION_HOLD_MS, scopeKeyOf } from './discount-rules.ts';
import type { DiscountHolder, PaymentsRepository } from './payments.repository.ts';

export function createDiscountReservations(deps: {
  repo: Pick<
    PaymentsRepository,
    'findCodeByName' | 'deleteLapsedUse' | 'insertUse' | 'hasUseOfOrder' | 'deleteUsesOfOrder'
  >;
  lookup: Pick<DiscountLookup, 'holderOf'>;
  now: () => Date;
}) {
  const { repo } = deps;
  const holderOf = deps.lookup.holderOf;
  /** Open orders created after this still hold their discount. */
  const openSince = () => new Date(deps.now().getTime() - RESERVATION_HOLD_MS);

  /** The discount's code row to key its use (the time bonus has none), or null when the code is gone. */
  async function discountRowOf(tx: Executor, siteId: number, code: string) {
    if (code.toUpperCase() === TIME_BONUS_CODE) return { id: null, validity: 'once_per_user', code: TIME_BONUS_CODE };
    return repo.findCodeByName(siteId, code, tx);
  }

  /**
   * Reserves the order's discount in the order's transaction: one live holder per scope (unique scope_key), a lapsed
   * hold is taken over (deleting it locks the row, so concurrent takers queue behind it). Answers null when the order
   * holds the use, else the holder that keeps it.
   */
  async function reserve(
    tx: Executor,
    order: { id: number; siteId: number; userId: number; discountCode: string },
  ): Promise<DiscountHolder | null> {
    const code = await discountRowOf(tx, order.siteId, order.discountCode);
    const scopeKey = code ? scopeKeyOf(code, order.userId) : null;
    if (scopeKey) await repo.deleteLapsedUse(scopeKey, openSince(), tx);
    const reserved = await repo.insertUse(
      { discountCodeId: code?.id ?? null, code: order.discountCode, userId: order.userId, orderId: order.id, scopeKey },
      tx,
    );
    if (reserved) return null;
    if (await repo.hasUseOfOrder(order.id, tx)) return null;
    return (scopeKey ? await holderOf(scopeKey, tx) : null) ?? { orderId: 0, userId: null, status: 'paid' };
  }

  return {
    reserve,

    /**
     * The credits a paid order earns: its bundle's, while it still holds its discount's use (kept since the order was
     * placed, or taken again now: a failed payment reported paid later, an abandoned checkout paid after its hold
     * lapsed). When another order took the use meanwhile, the member paid a discounted price without the discount: the
     * order earns what the price actually paid buys at the list price, never a second discount.
     */
    async creditsEarnedBy(tx: Executor, order: OrderRow & { userId: number }): Promise<number> {
      if (!order.discountCode || order.discountPercentage === 0) return order.credits;
      const holder = await reserve(tx, {
        id: order.id,
        siteId: order.siteId,
        userId: order.userId,
        discountCode: order.discountCode,
      });
      if (!holder) return order.credits;
      const paidForCredits = order.amountMinor - order.transactionCostsMinor;
      return Math.max(1, Math.floor((order.credits * paidForCredits) / order.baseAmountMinor));
    },

    /** A failed, cancelled or expired order gives its discount back. */
    async release(tx: Executor, orderId: number): Promise<void> {
      await repo.deleteUsesOfOrder(orderId, tx);
    },
  };
}
export type DiscountReservations = ReturnType<typeof createDiscountReservations>;
