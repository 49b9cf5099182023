// Confirming a direct debit (SPEC 8): the right code places a recurring direct-debit order on a SEPA mandate.
import { timingSafeEqual } from 'node:crypto';
import { DIRECT_DEBIT_CODE_ATTEMPTS, type Order } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { type Payer } from './discounts.ts';
import { toOrder } from './order-view.ts';
import { type PaymentSite } from './orders.service.ts';

import { hashCode, maskIban, type DirectDebitChecks, type DirectDebitDeps } from './direct-debit-checks.ts';

export function createDirectDebitConfirmation(deps: DirectDebitDeps & { checks: DirectDebitChecks }) {
  const { repo, orders, checks } = deps;
  return {
    /**
     * POST /api/directdebit-verify.php: the right code submits the debit (a mandate on the account, then a recurring
     * direct-debit payment); the order is pending until the provider settles it. A wrong code counts an attempt.
     */
    async verifyDirectDebit(
      site: PaymentSite,
      payer: Payer,
      input: { id: number; code: string; origin: string },
    ): Promise<Order> {
      orders.assertAvailable();
      // Each try takes one of the code's tries in one conditional UPDATE (the row's lock), before the code is compared:
      // concurrent tries can never compare more than DIRECT_DEBIT_CODE_ATTEMPTS codes.
      const row = await repo.takeDirectDebitTry(payer.userId, input.id, DIRECT_DEBIT_CODE_ATTEMPTS, deps.now());
      if (!row) {
        await checks.findDirectDebit(payer.userId, input.id);
        throw new AppError(410, 'direct_debit_code_expired');
      }
      const given = Buffer.from(hashCode(row.id, input.code));
      const expected = Buffer.from(row.codeHash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError(400, 'direct_debit_code_invalid');
      const bundle = await repo.findBundle(row.bundleId);
      if (!bundle) throw new AppError(404, 'bundle_not_found');
      const price = await checks.directDebitPrice(site, payer, bundle, row.country);
      const { order } = await orders.placeOrder({
        site,
        payer,
        bundle,
        country: row.country,
        method: 'sdd',
        providerMethod: 'directdebit',
        discount: price.discount,
        transactionCosts: price.transactionCosts,
        // Under the member's lock, in the order's transaction: claimed once (a double submit makes one debit), and the
        // limits counted with this debit, so concurrent confirmations queue and the second sees the first.
        inTransaction: async (tx, amountMinor) => {
          await deps.lockAccount(tx, payer.userId);
          if (!(await repo.claimDirectDebitRequest(row.id, maskIban(row.iban), tx)))
            throw new AppError(404, 'direct_debit_not_found');
          await checks.assertDirectDebitAllowed(payer.userId, amountMinor, tx);
        },
        // The mandate on the account (the full IBAN is only in memory now), once the debit is stored.
        customer: async () => {
          const customerId = await orders.ensureCustomer(payer.userId);
          const mandate = await deps.provider.createDirectDebitMandate(customerId, {
            holder: row.holder,
            iban: row.iban,
          });
          return { id: customerId, sequence: 'recurring', mandateId: mandate.id };
        },
        origin: input.origin,
      });
      await repo.updateDirectDebitRequest(row.id, { orderId: order.id });
      return toOrder(order, site.refundDays);
    },
  };
}
