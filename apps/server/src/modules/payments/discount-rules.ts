// The rules of discounts (docs/payments.md): who a discount is for, whether it applies, what an order costs with it, and
// the scope within which a use is kept once.
import { TIME_BONUS_CODE, type DiscountCode } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import type { DiscountHolder } from './payments.repository.ts';

export type Payer = { userId: number; isPremium: boolean; signupAt: Date };
/** What an order is, for deciding whether a discount applies (the method is unknown while showing prices: null). */
export type OrderTerms = { amountMinor: number; currency: string; country: string; method: string | null };

/** An open order (a checkout not finished) holds its discount this long; pending and paid orders hold it for good. */
export const RESERVATION_HOLD_MS = 60 * 60_000;

/** The scope within which a discount is used once (discount_code_uses.scope_key); null for unlimited codes. */
export function scopeKeyOf(code: { id: number | null; validity: string; code: string }, userId: number): string | null {
  if (code.id === null) return timeBonusKey(userId);
  if (code.validity === 'once') return `code:${code.id}`;
  if (code.validity === 'once_per_user') return `code:${code.id}:user:${userId}`;
  return null;
}

/** The time bonus is once per member. */
export const timeBonusKey = (userId: number) => `bonus:${TIME_BONUS_CODE}:user:${userId}`;

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
