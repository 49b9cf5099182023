// What direct debit's steps share (SPEC 8, docs/payments.md): the code and the masks, the request's state as the
// member sees it, the price, the blocks and limits, and the text with the code.
import { createHash, randomInt } from 'node:crypto';
import { DEFAULT_LOCALE, isUiLanguage } from '@app/i18n';
import { DIRECT_DEBIT_CODE_LENGTH, DIRECT_DEBIT_CODE_MINUTES, DIRECT_DEBIT_LIMIT_MINOR_30_DAYS } from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { CreditBundleRow, DirectDebitRequestRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { getTranslator } from '../../lib/i18n.ts';
import type { SmsSender } from '../../plugins/sms/index.ts';
import type { AccountContact } from '../accounts/index.ts';
import { orderAmount, type Discounts, type Payer } from './discounts.ts';
import { type OrdersService, type PaymentSite } from './orders.service.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';

export type DirectDebitDeps = {
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
};

export const hashCode = (id: number, code: string) =>
  createHash('sha256').update(`direct-debit:${id}:${code}`).digest('hex');
export const maskIban = (iban: string) =>
  `${iban.slice(0, 4)}${'*'.repeat(Math.max(0, iban.length - 8))}${iban.slice(-4)}`;
const maskMobile = (mobile: string) =>
  `${mobile.slice(0, 3)}${'*'.repeat(Math.max(0, mobile.length - 5))}${mobile.slice(-2)}`;
export const newCode = () =>
  randomInt(0, 10 ** DIRECT_DEBIT_CODE_LENGTH)
    .toString()
    .padStart(DIRECT_DEBIT_CODE_LENGTH, '0');

export function directDebitState(row: DirectDebitRequestRow, bundle: CreditBundleRow, amountMinor: number) {
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

export function createDirectDebitChecks(
  deps: Pick<DirectDebitDeps, 'db' | 'repo' | 'discounts' | 'sms' | 'findAccountContact' | 'now'>,
) {
  const { db, repo } = deps;

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

  return { directDebitPrice, assertDirectDebitAllowed, findDirectDebit, sendCode };
}
export type DirectDebitChecks = ReturnType<typeof createDirectDebitChecks>;
