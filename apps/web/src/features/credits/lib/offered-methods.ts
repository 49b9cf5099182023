// The payment methods offered for the payment country, as both /credits (its list of marks) and /credits/{id} (the
// methods to choose from) show them: one list, from the server's answer for the site's payment settings
// (`GET /api/credits.php`: the checkout methods with their costs, then SEPA direct debit where `direct_debit` says so,
// which has its own page). Neither page lists a method the other leaves out (docs/payments.md).
import type { CreditsResponse, PaymentMethod } from '@app/contracts';

export type OfferedMethod =
  | { method: PaymentMethod; kind: 'checkout'; transaction_costs: number }
  /** SEPA direct debit: its own page (/directdebit, with the SMS code), no transaction costs. */
  | { method: 'sdd'; kind: 'direct_debit'; transaction_costs: 0 };

export function offeredMethods(data: Pick<CreditsResponse, 'methods' | 'direct_debit'>): OfferedMethod[] {
  return [
    ...data.methods
      // Direct debit is never a checkout method; should the list name it, it is offered once, as direct debit.
      .filter(({ method }) => method !== 'sdd')
      .map(({ method, transaction_costs }) => ({ method, kind: 'checkout' as const, transaction_costs })),
    ...(data.direct_debit
      ? [{ method: 'sdd' as const, kind: 'direct_debit' as const, transaction_costs: 0 as const }]
      : []),
  ];
}
