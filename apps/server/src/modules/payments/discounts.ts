// Discounts (docs/payments.md): the time bonus, welcome and typed codes, the one best discount of an order, and the
// use a placed order reserves, keeps when paid and gives back when it fails.
import { TIME_BONUS_CODE, TIME_BONUS_PERCENTAGE, TIME_BONUS_SECONDS, type DiscountCode } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { DiscountCodeRow, OrderRow, SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { DiscountHolder, PaymentsRepository } from './payments.repository.ts';

export type Payer = { userId: number; isPremium: boolean; signupAt: Date };
/** What an order is, for deciding whether a discount applies (the method is unknown while showing prices: null). */
export type OrderTerms = { amountMinor: number; currency: string; country: string; method: string | null };

/** An open order (a checkout not finished) holds its discount this long; pending and paid orders hold it for good. */
export const RESERVATION_HOLD_MS = 60 * 60_000;

/** The scope within which a discount is used once (discount_code_uses.scope_key); null for unlimited codes. */
function scopeKeyOf(code: { id: number | null; validity: string; code: string }, userId: number): string | null {
  if (code.id === null) return timeBonusKey(userId);
  if (code.validity === 'once') return `code:${code.id}`;
  if (code.validity === 'once_per_user') return `code:${code.id}:user:${userId}`;
  return null;
}

/** The time bonus is once per member. */
const timeBonusKey = (userId: number) => `bonus:${TIME_BONUS_CODE}:user:${userId}`;

/** The order's price after `percentage` off, in minor units (rounded to the nearest unit, never below 1). */
export function discounted(amountMinor: number, percentage: number): number {
  return Math.max(1, Math.round((amountMinor * (100 - percentage)) / 100));
}

/** What an order of `bundle` costs: its price less the discount, plus the method's transaction costs (minor units). */
export function orderAmount(
  bundle: { priceMinor: number },
  discount: Pick<DiscountCode, 'value_percentage'> | null,
  transactionCosts: number,
): number {
  return (discount ? discounted(bundle.priceMinor, discount.value_percentage) : bundle.priceMinor) + transactionCosts;
}

/** Whether a discount applies to an order (null) or the refusal's error code. */
export function applies(discount: DiscountCode, order: OrderTerms): string | null {
  if (discount.country && discount.country !== order.country) return 'discount_code_country';
  if (
    discount.minimum_order_value > 0 &&
    (discount.currency === null || discount.currency === order.currency) &&
    order.amountMinor < discount.minimum_order_value
  ) {
    return 'discount_code_minimum';
  }
  if (order.method && discount.paymentmethods && !discount.paymentmethods.includes(order.method))
    return 'discount_code_method';
  return null;
}

/** "Code already used"; when the member's own unfinished order holds it, the error names that order so it can be continued. */
export function codeUsed(holder: DiscountHolder, userId: number): AppError {
  return new AppError(
    409,
    'discount_code_used',
    holder.userId === userId && holder.status !== 'paid' ? { order: holder.orderId } : undefined,
  );
}

export function createDiscounts(deps: {
  repo: Pick<
    PaymentsRepository,
    | 'findDiscountHolder'
    | 'findCodeByName'
    | 'listActiveWelcomeCodes'
    | 'deleteLapsedUse'
    | 'insertUse'
    | 'hasUseOfOrder'
    | 'deleteUsesOfOrder'
  >;
  now: () => Date;
}) {
  const { repo } = deps;
  /** Open orders created after this still hold their discount. */
  const openSince = () => new Date(deps.now().getTime() - RESERVATION_HOLD_MS);

  /**
   * Who holds a discount's use (`scope_key`, see discount_code_uses): a paid order, a pending one (the money is on its
   * way), or an open one younger than RESERVATION_HOLD_MS. An abandoned checkout's hold lapses; should that order be paid
   * after all, crediting checks again (creditsEarnedBy).
   */
  const holderOf = (scopeKey: string, tx?: Executor) => repo.findDiscountHolder(scopeKey, openSince(), tx);

  /** The time bonus of SPEC 4: a synthetic code while an unpaid member's signup is under 4 hours old and it was never used. */
  async function timeBonusOf(payer: Payer, tx?: Executor): Promise<DiscountCode | null> {
    if (payer.isPremium) return null;
    const endsAt = payer.signupAt.getTime() + TIME_BONUS_SECONDS * 1000;
    if (deps.now().getTime() >= endsAt) return null;
    if (await holderOf(timeBonusKey(payer.userId), tx)) return null;
    return {
      code: TIME_BONUS_CODE,
      country: null,
      user_id: payer.userId,
      expires: new Date(endsAt).toISOString(),
      value_percentage: TIME_BONUS_PERCENTAGE,
      currency: null,
      minimum_order_value: 0,
      minimum: 0,
      percentage: TIME_BONUS_PERCENTAGE,
      status: 'active',
      validity: 'once_per_user',
      expired: false,
      paymentmethods: null,
      source: 'time_bonus',
    };
  }

  function toDiscount(row: DiscountCodeRow, source: DiscountCode['source']): DiscountCode {
    const isExpired = row.expiresAt !== null && row.expiresAt.getTime() <= deps.now().getTime();
    return {
      code: row.code,
      country: row.country,
      user_id: row.userId,
      expires: row.expiresAt?.toISOString() ?? null,
      value_percentage: row.valuePercentage,
      currency: row.currency,
      minimum_order_value: row.minimumOrderMinor,
      minimum: row.minimumOrderMinor,
      percentage: row.valuePercentage,
      status: row.status,
      validity: row.validity,
      expired: isExpired,
      paymentmethods: row.paymentMethods,
      source,
    };
  }

  /** A code the member typed: "Code not found" unless it is an active code of this site for them, "Code already used" per its validity. */
  async function findEnteredCode(
    site: Pick<SiteRow, 'id'>,
    payer: Payer,
    code: string,
    tx?: Executor,
  ): Promise<DiscountCode> {
    if (code.toUpperCase() === TIME_BONUS_CODE) {
      const bonus = await timeBonusOf(payer, tx);
      if (bonus) return bonus;
      const holder = await holderOf(timeBonusKey(payer.userId), tx);
      if (holder && holder.status !== 'paid') throw codeUsed(holder, payer.userId);
      throw new AppError(404, 'discount_code_not_found');
    }
    const row = await repo.findCodeByName(site.id, code, tx);
    if (!row || row.status !== 'active' || (row.userId !== null && row.userId !== payer.userId))
      throw new AppError(404, 'discount_code_not_found');
    const discount = toDiscount(row, row.isWelcome ? 'welcome' : 'code');
    if (discount.expired) throw new AppError(410, 'discount_code_expired');
    const scopeKey = scopeKeyOf(row, payer.userId);
    const holder = scopeKey ? await holderOf(scopeKey, tx) : null;
    if (holder) throw codeUsed(holder, payer.userId);
    return discount;
  }

  /** The welcome code: the time bonus while it runs, else the site's active welcome code the member has not used, else null. */
  async function welcomeCodeOf(site: Pick<SiteRow, 'id'>, payer: Payer, tx?: Executor): Promise<DiscountCode | null> {
    const bonus = await timeBonusOf(payer, tx);
    if (bonus) return bonus;
    for (const row of await repo.listActiveWelcomeCodes(site.id, tx)) {
      try {
        return await findEnteredCode(site, payer, row.code, tx);
      } catch {
        // Expired or used: the next one, if any.
      }
    }
    return null;
  }

  /**
   * The one discount of an order: the best of the time bonus, the welcome code and the entered code that applies.
   * An entered code that does not apply is refused (`invalidCode: 'refuse'`, ordering) or left out (`'skip'`, showing prices).
   */
  async function bestDiscount(
    site: Pick<SiteRow, 'id'>,
    payer: Payer,
    order: OrderTerms,
    enteredCode: string | undefined,
    invalidCode: 'refuse' | 'skip' = 'refuse',
  ): Promise<DiscountCode | null> {
    const candidates: DiscountCode[] = [];
    const welcome = await welcomeCodeOf(site, payer);
    if (welcome) candidates.push(welcome);
    if (enteredCode) {
      try {
        const entered = await findEnteredCode(site, payer, enteredCode);
        const refusal = applies(entered, order);
        if (refusal) throw new AppError(400, refusal);
        candidates.push(entered);
      } catch (error) {
        if (invalidCode === 'refuse' || !(error instanceof AppError)) throw error;
      }
    }
    const usable = candidates.filter((candidate) => !applies(candidate, order));
    return usable.sort((a, b) => b.value_percentage - a.value_percentage)[0] ?? null;
  }

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
    findEnteredCode,
    welcomeCodeOf,
    bestDiscount,
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
export type Discounts = ReturnType<typeof createDiscounts>;
