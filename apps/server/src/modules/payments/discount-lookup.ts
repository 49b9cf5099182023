// Finding a member's discounts: the time bonus of SPEC 4, welcome codes, a typed code, and the one best discount of
// an order.
import { TIME_BONUS_CODE, TIME_BONUS_PERCENTAGE, TIME_BONUS_SECONDS, type DiscountCode } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { DiscountCodeRow, SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import {
  applies,
  codeUsed,
  RESERVATION_HOLD_MS,
  scopeKeyOf,
  timeBonusKey,
  type OrderTerms,
  type Payer,
} from './discount-rules.ts';
import type { PaymentsRepository } from './payments.repository.ts';

/** The time bonus as a code of the member's, ending at `endsAt`. */
function timeBonusCode(payer: Payer, endsAt: number): DiscountCode {
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

function toDiscount(row: DiscountCodeRow, source: DiscountCode['source'], now: Date): DiscountCode {
  const isExpired = row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
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

export function createDiscountLookup(deps: {
  repo: Pick<PaymentsRepository, 'findDiscountHolder' | 'findCodeByName' | 'listActiveWelcomeCodes'>;
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
    return timeBonusCode(payer, endsAt);
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
    const discount = toDiscount(row, row.isWelcome ? 'welcome' : 'code', deps.now());
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

  return { holderOf, findEnteredCode, welcomeCodeOf };
}
export type DiscountLookup = ReturnType<typeof createDiscountLookup>;

/**
 * The one discount of an order: the best of the time bonus, the welcome code and the entered code that applies.
 * An entered code that does not apply is refused (`invalidCode: 'refuse'`, ordering) or left out (`'skip'`, showing prices).
 */
export async function bestDiscount(
  lookup: Pick<DiscountLookup, 'findEnteredCode' | 'welcomeCodeOf'>,
  site: Pick<SiteRow, 'id'>,
  payer: Payer,
  order: OrderTerms,
  enteredCode: string | undefined,
  invalidCode: 'refuse' | 'skip' = 'refuse',
): Promise<DiscountCode | null> {
  const candidates: DiscountCode[] = [];
  const welcome = await lookup.welcomeCodeOf(site, payer);
  if (welcome) candidates.push(welcome);
  if (enteredCode) {
    try {
      const entered = await lookup.findEnteredCode(site, payer, enteredCode);
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
