// Discounts (docs/payments.md): the time bonus, welcome and typed codes, the one best discount of an order
// (discount-lookup.ts), and the use a placed order reserves, keeps when paid and gives back when it fails
// (discount-reservations.ts); the rules they share are in discount-rules.ts.
import type { SiteRow } from '../../db/schema/index.ts';
import { bestDiscount, createDiscountLookup } from './discount-lookup.ts';
import { createDiscountReservations } from './discount-reservations.ts';
import type { OrderTerms, Payer } from './discount-rules.ts';
import type { PaymentsRepository } from './payments.repository.ts';

export {
  applies,
  codeUsed,
  discounted,
  orderAmount,
  RESERVATION_HOLD_MS,
  type OrderTerms,
  type Payer,
} from './discount-rules.ts';

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
  const lookup = createDiscountLookup(deps);
  const reservations = createDiscountReservations({ ...deps, lookup });
  return {
    findEnteredCode: lookup.findEnteredCode,
    welcomeCodeOf: lookup.welcomeCodeOf,
    bestDiscount: (
      site: Pick<SiteRow, 'id'>,
      payer: Payer,
      order: OrderTerms,
      enteredCode: string | undefined,
      invalidCode: 'refuse' | 'skip' = 'refuse',
    ) => bestDiscount(lookup, site, payer, order, enteredCode, invalidCode),
    ...reservations,
  };
}
export type Discounts = ReturnType<typeof createDiscounts>;
