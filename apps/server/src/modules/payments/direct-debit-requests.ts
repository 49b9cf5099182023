// Asking for a direct debit (SPEC 8): the request checks the IBAN, the blocks and limits and texts a code; a new code
// after the cooldown.
import { electronicFormatIBAN, extractIBAN, isValidIBAN } from 'ibantools';
import {
  DIRECT_DEBIT_CODE_MINUTES,
  DIRECT_DEBIT_MAX_SENDS,
  DIRECT_DEBIT_RESEND_SECONDS,
  isDirectDebitOffered,
  type DirectDebitRequest,
} from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { bankNameOf } from './bank-codes.ts';
import { type Payer } from './discounts.ts';
import { countryFor, type PaymentSite } from './orders.service.ts';

import {
  directDebitState,
  hashCode,
  newCode,
  type DirectDebitChecks,
  type DirectDebitDeps,
} from './direct-debit-checks.ts';

export function createDirectDebitRequests(deps: DirectDebitDeps & { checks: DirectDebitChecks }) {
  const { repo, orders, checks } = deps;
  return {
    /**
     * POST /api/directdebit.php: checks the account (IBAN), the blocks and limits, prices the bundle, and texts the
     * member a code; nothing is charged until the code is confirmed.
     */
    async startDirectDebit(site: PaymentSite, payer: Payer, input: DirectDebitRequest & { geoCountry: string | null }) {
      orders.assertAvailable();
      const iban = electronicFormatIBAN(input.iban) ?? '';
      const parsed = extractIBAN(iban);
      if (!isValidIBAN(iban) || !parsed.valid || !parsed.countryCode) throw new AppError(400, 'iban_invalid');
      const country = countryFor(site, input.country, input.geoCountry);
      const { bundles } = await orders.bundlesFor(site, country);
      const bundle = bundles.find((candidate) => candidate.id === input.bundle_id);
      if (!bundle) throw new AppError(404, 'bundle_not_found');
      if (!isDirectDebitOffered(country, site.paymentMethods)) throw new AppError(400, 'payment_method_unavailable');
      const price = await checks.directDebitPrice(site, payer, bundle, country);
      await checks.assertDirectDebitAllowed(payer.userId, price.amountMinor);
      const code = newCode();
      const now = deps.now();
      const row = await repo.insertDirectDebitRequest({
        userId: payer.userId,
        bundleId: bundle.id,
        country,
        holder: input.holder,
        iban,
        bankName: bankNameOf(parsed.countryCode, parsed.bankIdentifier ?? ''),
        street: input.street,
        houseNumber: input.house_number,
        postalCode: input.postal_code,
        city: input.city,
        mobile: input.mobile.replace(/[^+0-9]/g, ''),
        codeHash: 'pending',
        codeExpiresAt: new Date(now.getTime() + DIRECT_DEBIT_CODE_MINUTES * 60_000),
        resendAt: new Date(now.getTime() + DIRECT_DEBIT_RESEND_SECONDS * 1000),
      });
      await repo.updateDirectDebitRequest(row.id, { codeHash: hashCode(row.id, code) });
      await checks.sendCode(site, row, code, payer);
      return directDebitState(row, bundle, price.amountMinor);
    },

    /** POST /api/directdebit-resend.php: a new code after the cooldown (at most DIRECT_DEBIT_MAX_SENDS). */
    async resendDirectDebitCode(site: PaymentSite, payer: Payer, id: number) {
      const row = await checks.findDirectDebit(payer.userId, id);
      const now = deps.now();
      if (row.resendAt.getTime() > now.getTime()) {
        throw new AppError(429, 'direct_debit_resend_wait', {
          count: Math.ceil((row.resendAt.getTime() - now.getTime()) / 1000),
        });
      }
      if (row.sentCount >= DIRECT_DEBIT_MAX_SENDS) throw new AppError(429, 'direct_debit_limit');
      const code = newCode();
      const updated = await repo.renewDirectDebitCode(row.id, {
        codeHash: hashCode(row.id, code),
        codeExpiresAt: new Date(now.getTime() + DIRECT_DEBIT_CODE_MINUTES * 60_000),
        resendAt: new Date(now.getTime() + DIRECT_DEBIT_RESEND_SECONDS * 1000),
      });
      await checks.sendCode(site, updated!, code, payer);
      const bundle = await repo.findBundle(row.bundleId);
      const price = await checks.directDebitPrice(site, payer, bundle!, row.country);
      return directDebitState(updated!, bundle!, price.amountMinor);
    },
  };
}
