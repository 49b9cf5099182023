// Direct debit with an SMS code (SPEC 8, docs/payments.md): the request checks the IBAN, the blocks and limits and
// texts a code; the right code places a recurring direct-debit order on a SEPA mandate.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { electronicFormatIBAN, extractIBAN, isValidIBAN } from 'ibantools';
import { DEFAULT_LOCALE, isUiLanguage } from '@app/i18n';
import {
  DIRECT_DEBIT_CODE_ATTEMPTS,
  DIRECT_DEBIT_CODE_LENGTH,
  DIRECT_DEBIT_CODE_MINUTES,
  DIRECT_DEBIT_LIMIT_MINOR_30_DAYS,
  DIRECT_DEBIT_MAX_SENDS,
  DIRECT_DEBIT_RESEND_SECONDS,
  isDirectDebitOffered,
  type DirectDebitRequest,
  type Order,
} from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { CreditBundleRow, DirectDebitRequestRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { getTranslator } from '../../lib/i18n.ts';
import type { SmsSender } from '../../plugins/sms/index.ts';
import type { AccountContact } from '../accounts/index.ts';
import { bankNameOf } from './bank-codes.ts';
import { orderAmount, type Discounts, type Payer } from './discounts.ts';
import { toOrder } from './order-view.ts';
import { countryFor, type OrdersService, type PaymentSite } from './orders.service.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';

const hashCode = (id: number, code: string) => createHash('sha256').update(`direct-debit:${id}:${code}`).digest('hex');
const maskIban = (iban: string) => `${iban.slice(0, 4)}${'*'.repeat(Math.max(0, iban.length - 8))}${iban.slice(-4)}`;
const maskMobile = (mobile: string) =>
  `${mobile.slice(0, 3)}${'*'.repeat(Math.max(0, mobile.length - 5))}${mobile.slice(-2)}`;
const newCode = () =>
  randomInt(0, 10 ** DIRECT_DEBIT_CODE_LENGTH)
    .toString()
    .padStart(DIRECT_DEBIT_CODE_LENGTH, '0');

function directDebitState(row: DirectDebitRequestRow, bundle: CreditBundleRow, amountMinor: number) {
  return {
    id: row.id,
    iban: maskIban(row.iban),
    bank_name: row.bankName,
    mobile: maskMobile(row.mobile),
    credits: bundle.credits,
    amount: { amount: amountMinor, currency: bundle.currency },
    resend_at: row.resendAt.toISOString(),
    expires_at: row.codeExpiresAt.toISOString(),
  };
}

export function createDirectDebitService(deps: {
  db: Database;
  repo: PaymentsRepository;
  discounts: Pick<Discounts, 'bestDiscount'>;
  orders: Pick<OrdersService, 'assertAvailable' | 'bundlesFor' | 'ensureCustomer' | 'placeOrder'>;
  provider: Pick<PaymentProvider, 'createDirectDebitMandate'>;
  sms: Pick<SmsSender, 'send'>;
  /** From accounts' public entry: the member's language for the text, and their row lock. */
  findAccountContact: (executor: Executor, userId: number) => Promise<AccountContact | undefined>;
  lockAccount: (executor: Executor, userId: number) => Promise<void>;
  now: () => Date;
}) {
  const { db, repo, orders } = deps;

  async function directDebitPrice(site: PaymentSite, payer: Payer, bundle: CreditBundleRow, country: string) {
    const discount = await deps.discounts.bestDiscount(
      site,
      payer,
      { amountMinor: bundle.priceMinor, currency: bundle.currency, country, method: 'sdd' },
      undefined,
    );
    const transactionCosts = site.transactionCosts.sdd ?? 0;
    return { discount, transactionCosts, amountMinor: orderAmount(bundle, discount, transactionCosts) };
  }

  /** SPEC 8: a member blocked for direct debit, or over its limits (one unsettled debit; DIRECT_DEBIT_LIMIT_MINOR_30_DAYS a month). */
  async function assertDirectDebitAllowed(userId: number, addingMinor: number, tx: Executor = db) {
    if (await repo.isDirectDebitBlocked(userId, tx)) throw new AppError(403, 'direct_debit_blocked');
    // An unsettled debit counts however old it is; the 30-day sum counts what is on its way and what was paid.
    const since = new Date(deps.now().getTime() - 30 * 24 * 60 * 60 * 1000);
    const usage = await repo.directDebitUsage(userId, since, tx);
    if (usage.pending > 0 || usage.total + addingMinor > DIRECT_DEBIT_LIMIT_MINOR_30_DAYS)
      throw new AppError(403, 'direct_debit_limit');
  }

  async function findDirectDebit(userId: number, id: number) {
    const row = await repo.findAwaitingDirectDebit(userId, id);
    if (!row) throw new AppError(404, 'direct_debit_not_found');
    return row;
  }

  async function sendCode(site: PaymentSite, row: DirectDebitRequestRow, code: string, payer: Payer) {
    const account = await deps.findAccountContact(db, payer.userId);
    const language = isUiLanguage(account?.language) ? account!.language : DEFAULT_LOCALE;
    const t = getTranslator(language);
    await deps.sms.send({
      to: row.mobile,
      siteId: site.id,
      body: t('mail:sms.directDebitCode', { code, site: site.name, minutes: DIRECT_DEBIT_CODE_MINUTES }),
    });
  }

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
      const price = await directDebitPrice(site, payer, bundle, country);
      await assertDirectDebitAllowed(payer.userId, price.amountMinor);
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
      await sendCode(site, row, code, payer);
      return directDebitState(row, bundle, price.amountMinor);
    },

    /** POST /api/directdebit-resend.php: a new code after the cooldown (at most DIRECT_DEBIT_MAX_SENDS). */
    async resendDirectDebitCode(site: PaymentSite, payer: Payer, id: number) {
      const row = await findDirectDebit(payer.userId, id);
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
      await sendCode(site, updated!, code, payer);
      const bundle = await repo.findBundle(row.bundleId);
      const price = await directDebitPrice(site, payer, bundle!, row.country);
      return directDebitState(updated!, bundle!, price.amountMinor);
    },

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
        await findDirectDebit(payer.userId, input.id);
        throw new AppError(410, 'direct_debit_code_expired');
      }
      const given = Buffer.from(hashCode(row.id, input.code));
      const expected = Buffer.from(row.codeHash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError(400, 'direct_debit_code_invalid');
      const bundle = await repo.findBundle(row.bundleId);
      if (!bundle) throw new AppError(404, 'bundle_not_found');
      const price = await directDebitPrice(site, payer, bundle, row.country);
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
          await assertDirectDebitAllowed(payer.userId, amountMinor, tx);
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
export type DirectDebitService = ReturnType<typeof createDirectDebitService>;
