// Payment rules: the credits page (bundles in the member's currency, the one best discount), orders priced on the
// server, and the webhook that credits a paid order exactly once and makes the member premium for good.
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { electronicFormatIBAN, extractIBAN, isValidIBAN } from 'ibantools';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, isUiLanguage } from '@app/i18n';
import {
  DIRECT_DEBIT_CODE_ATTEMPTS,
  DIRECT_DEBIT_CODE_LENGTH,
  DIRECT_DEBIT_CODE_MINUTES,
  DIRECT_DEBIT_LIMIT_MINOR_30_DAYS,
  DIRECT_DEBIT_MAX_SENDS,
  DIRECT_DEBIT_RESEND_SECONDS,
  PAYMENT_METHOD_NAMES,
  type DirectDebitRequest,
  TIME_BONUS_CODE,
  TIME_BONUS_PERCENTAGE,
  TIME_BONUS_SECONDS,
  type CreditsResponse,
  type DiscountCode,
  type Order,
  type OrderStatus,
  type PaymentMethod,
  type PricingResponse,
} from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import {
  creditBalances,
  creditBundles,
  creditLedger,
  directDebitBlocks,
  directDebitRequests,
  discountCodes,
  discountCodeUses,
  orders,
  paymentCustomers,
  paymentWebhooks,
  type DirectDebitRequestRow,
  profiles,
  sites,
  users,
  type DiscountCodeRow,
  type OrderRow,
  type SiteRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { MemberEvents } from '../../plugins/session/index.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { SmsSender } from '../../plugins/sms/index.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { bankNameOf } from './bank-codes.ts';
import { postLedgerEntry } from '../credits/index.ts';
import { currencyOf, isDirectDebitOffered, methodsFor, providerMethodOf } from './payment-methods.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { UNAVAILABLE_PROVIDER_NAME } from './providers/unavailable-provider.ts';

export type PaymentSite = Pick<
  SiteRow,
  'id' | 'name' | 'currency' | 'countries' | 'paymentMethods' | 'transactionCosts' | 'refundDays'
>;
export type Payer = { userId: number; isPremium: boolean; signupAt: Date };

const orderNotFound = () => new AppError(404, 'order_not_found');

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

/** The order holding a discount's use. */
type DiscountHolder = { orderId: number; userId: number | null; status: string };

type CustomerRef = { id: string; sequence: 'first' | 'recurring'; mandateId?: string };

/** The status members and staff see: a paid order whose unused credits were refunded says so. */
export function orderStatusOf(row: Pick<OrderRow, 'status' | 'refundedAt'>): OrderStatus {
  return row.status === 'paid' && row.refundedAt ? 'refunded' : row.status;
}

/** What an order of `bundle` costs: its price less the discount, plus the method's transaction costs (minor units). */
function orderAmount(
  bundle: { priceMinor: number },
  discount: Pick<DiscountCode, 'value_percentage'> | null,
  transactionCosts: number,
): number {
  return (discount ? discounted(bundle.priceMinor, discount.value_percentage) : bundle.priceMinor) + transactionCosts;
}

/** The order's price after `percentage` off, in minor units (rounded to the nearest unit, never below 1). */
export function discounted(amountMinor: number, percentage: number): number {
  return Math.max(1, Math.round((amountMinor * (100 - percentage)) / 100));
}

export function createPaymentsService(deps: {
  db: Database;
  provider: PaymentProvider;
  memberEvents: Pick<MemberEvents, 'changed'>;
  mailer: Pick<Mailer, 'send' | 'linkTo'>;
  sms: Pick<SmsSender, 'send'>;
  now: () => Date;
}) {
  const { db } = deps;
  const isAvailable = deps.provider.name !== UNAVAILABLE_PROVIDER_NAME;
  const assertAvailable = () => {
    if (!isAvailable) throw new AppError(503, 'payments_unavailable');
  };

  /** The time bonus of SPEC 4: a synthetic code while an unpaid member's signup is under 4 hours old and it was never used. */
  async function timeBonusOf(payer: Payer, tx: Executor = db): Promise<DiscountCode | null> {
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

  /**
   * Who holds a discount's use (`scope_key`, see discount_code_uses): a paid order, a pending one (the money is on its
   * way), or an open one younger than RESERVATION_HOLD_MS. An abandoned checkout's hold lapses; should that order be paid
   * after all, crediting checks again (creditsEarnedBy).
   */
  async function holderOf(scopeKey: string, tx: Executor = db): Promise<DiscountHolder | null> {
    const [row] = await tx
      .select({ orderId: orders.id, userId: orders.userId, status: orders.status })
      .from(discountCodeUses)
      .innerJoin(orders, eq(orders.id, discountCodeUses.orderId))
      .where(and(eq(discountCodeUses.scopeKey, scopeKey), liveHold()))
      .limit(1);
    return row ?? null;
  }

  /** An order whose discount use still holds (SQL over `orders`). */
  const liveHold = () =>
    sql`(${orders.status} in ('paid', 'pending') or (${orders.status} = 'open' and ${orders.createdAt} > ${new Date(deps.now().getTime() - RESERVATION_HOLD_MS)}))`;

  /** "Code already used"; when the member's own unfinished order holds it, the error names that order so it can be continued. */
  function codeUsed(holder: DiscountHolder, userId: number): AppError {
    return new AppError(
      409,
      'discount_code_used',
      holder.userId === userId && holder.status !== 'paid' ? { order: holder.orderId } : undefined,
    );
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

  /** A site's code by its name, matched case-insensitively (codes are stored upper-case). */
  async function codeRowOf(tx: Executor, siteId: number, code: string): Promise<DiscountCodeRow | null> {
    const [row] = await tx
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.siteId, siteId), sql`upper(${discountCodes.code}) = ${code.toUpperCase()}`))
      .limit(1);
    return row ?? null;
  }

  /** A code the member typed: "Code not found" unless it is an active code of this site for them, "Code already used" per its validity. */
  async function findEnteredCode(
    site: Pick<SiteRow, 'id'>,
    payer: Payer,
    code: string,
    tx: Executor = db,
  ): Promise<DiscountCode> {
    if (code.toUpperCase() === TIME_BONUS_CODE) {
      const bonus = await timeBonusOf(payer, tx);
      if (bonus) return bonus;
      const holder = await holderOf(timeBonusKey(payer.userId), tx);
      if (holder && holder.status !== 'paid') throw codeUsed(holder, payer.userId);
      throw new AppError(404, 'discount_code_not_found');
    }
    const row = await codeRowOf(tx, site.id, code);
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
  async function welcomeCodeOf(
    site: Pick<SiteRow, 'id'>,
    payer: Payer,
    tx: Executor = db,
  ): Promise<DiscountCode | null> {
    const bonus = await timeBonusOf(payer, tx);
    if (bonus) return bonus;
    const rows = await tx
      .select()
      .from(discountCodes)
      .where(
        and(eq(discountCodes.siteId, site.id), eq(discountCodes.isWelcome, true), eq(discountCodes.status, 'active')),
      )
      .orderBy(desc(discountCodes.valuePercentage));
    for (const row of rows) {
      try {
        return await findEnteredCode(site, payer, row.code, tx);
      } catch {
        // Expired or used: the next one, if any.
      }
    }
    return null;
  }

  /** Whether a discount applies to an order of `amountMinor` in `currency` from `country` paid with `method` (unknown yet: null). */
  function applies(
    discount: DiscountCode,
    order: { amountMinor: number; currency: string; country: string; method: string | null },
  ): string | null {
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

  /**
   * The one discount of an order: the best of the time bonus, the welcome code and the entered code that applies.
   * An entered code that does not apply is refused (`invalidCode: 'refuse'`, ordering) or left out (`'skip'`, showing prices).
   */
  async function bestDiscount(
    site: Pick<SiteRow, 'id'>,
    payer: Payer,
    order: { amountMinor: number; currency: string; country: string; method: string | null },
    enteredCode: string | undefined,
    invalidCode: 'refuse' | 'skip' = 'refuse',
    tx: Executor = db,
  ): Promise<DiscountCode | null> {
    const candidates: DiscountCode[] = [];
    const welcome = await welcomeCodeOf(site, payer, tx);
    if (welcome) candidates.push(welcome);
    if (enteredCode) {
      try {
        const entered = await findEnteredCode(site, payer, enteredCode, tx);
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

  /** The member's customer at the provider, created on their first card payment. */
  async function ensureCustomer(userId: number): Promise<string> {
    const [existing] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId)).limit(1);
    if (existing && existing.provider === deps.provider.name) return existing.customerId;
    const [account] = await db
      .select({ email: users.email, name: profiles.name })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    const customer = await deps.provider.createCustomer({ name: account?.name ?? '', email: account?.email ?? '' });
    await db
      .insert(paymentCustomers)
      .values({ userId, provider: deps.provider.name, customerId: customer.id })
      .onConflictDoUpdate({
        target: paymentCustomers.userId,
        set: {
          provider: deps.provider.name,
          customerId: customer.id,
          mandateId: null,
          cardBrand: null,
          cardLast4: null,
          updatedAt: deps.now(),
        },
      });
    return customer.id;
  }

  async function savedCardOf(userId: number) {
    const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId)).limit(1);
    return row && row.provider === deps.provider.name && row.mandateId && row.cardBrand && row.cardLast4 ? row : null;
  }

  async function cardOf(userId: number) {
    const saved = await savedCardOf(userId);
    return saved ? { brand: saved.cardBrand!, last4: saved.cardLast4! } : null;
  }

  const hashCode = (id: number, code: string) =>
    createHash('sha256').update(`direct-debit:${id}:${code}`).digest('hex');
  const maskIban = (iban: string) => `${iban.slice(0, 4)}${'*'.repeat(Math.max(0, iban.length - 8))}${iban.slice(-4)}`;
  const maskMobile = (mobile: string) =>
    `${mobile.slice(0, 3)}${'*'.repeat(Math.max(0, mobile.length - 5))}${mobile.slice(-2)}`;

  async function directDebitPrice(
    site: PaymentSite,
    payer: Payer,
    bundle: typeof creditBundles.$inferSelect,
    country: string,
  ) {
    const discount = await bestDiscount(
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
    const [blocked] = await tx.select().from(directDebitBlocks).where(eq(directDebitBlocks.userId, userId)).limit(1);
    if (blocked) throw new AppError(403, 'direct_debit_blocked');
    const since = new Date(deps.now().getTime() - 30 * 24 * 60 * 60 * 1000);
    // An unsettled debit counts however old it is; the 30-day sum counts what is on its way and what was paid.
    const [usage] = await tx
      .select({
        pending: sql<number>`count(*) filter (where ${orders.status} in ('open', 'pending'))`.mapWith(Number),
        total:
          sql<number>`coalesce(sum(${orders.amountMinor}) filter (where ${orders.status} in ('open', 'pending', 'paid') and ${orders.createdAt} >= ${since}), 0)`.mapWith(
            Number,
          ),
      })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.method, 'sdd')));
    if ((usage?.pending ?? 0) > 0 || (usage?.total ?? 0) + addingMinor > DIRECT_DEBIT_LIMIT_MINOR_30_DAYS)
      throw new AppError(403, 'direct_debit_limit');
  }

  async function findDirectDebit(userId: number, id: number) {
    const [row] = await db
      .select()
      .from(directDebitRequests)
      .where(
        and(
          eq(directDebitRequests.id, id),
          eq(directDebitRequests.userId, userId),
          eq(directDebitRequests.status, 'awaiting_code'),
        ),
      )
      .limit(1);
    if (!row) throw new AppError(404, 'direct_debit_not_found');
    return row;
  }

  async function sendCode(site: PaymentSite, row: DirectDebitRequestRow, code: string, payer: Payer) {
    const [account] = await db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, payer.userId))
      .limit(1);
    const language = isUiLanguage(account?.language) ? account!.language : DEFAULT_LOCALE;
    const t = getTranslator(language);
    await deps.sms.send({
      to: row.mobile,
      siteId: site.id,
      body: t('mail:sms.directDebitCode', { code, site: site.name, minutes: DIRECT_DEBIT_CODE_MINUTES }),
    });
  }

  function directDebitState(
    row: DirectDebitRequestRow,
    bundle: typeof creditBundles.$inferSelect,
    amountMinor: number,
  ) {
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

  function countryFor(site: PaymentSite, chosen: string | undefined, geoCountry: string | null): string {
    if (chosen && site.countries.includes(chosen)) return chosen;
    if (geoCountry && site.countries.includes(geoCountry)) return geoCountry;
    return site.countries[0] ?? 'NL';
  }

  async function bundlesFor(site: PaymentSite, country: string) {
    const wanted = currencyOf(country);
    const all = await db
      .select()
      .from(creditBundles)
      .where(and(eq(creditBundles.siteId, site.id), eq(creditBundles.isActive, true)))
      .orderBy(asc(creditBundles.sortOrder), asc(creditBundles.credits));
    const inWanted = all.filter((bundle) => bundle.currency === wanted);
    const currency = inWanted.length ? wanted : site.currency;
    return {
      currency,
      bundles: inWanted.length ? inWanted : all.filter((bundle) => bundle.currency === site.currency),
    };
  }

  /** The receipt of a paid order, in the member's language, with the seller's company details (part of the crediting transaction). */
  async function sendReceipt(tx: Executor, order: OrderRow, paidAt: Date): Promise<void> {
    const [row] = await tx
      .select({ email: users.email, language: users.language, name: profiles.name, site: sites })
      .from(users)
      .innerJoin(sites, eq(sites.id, users.siteId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, order.userId!))
      .limit(1);
    if (!row) return;
    const language = isUiLanguage(row.language) ? row.language : DEFAULT_LOCALE;
    const { site } = row;
    await deps.mailer.send(
      {
        template: 'receipt',
        to: row.email,
        language,
        site,
        name: row.name ?? '',
        link: deps.mailer.linkTo(site, `/transactions/${order.id}`),
        params: {
          orderId: order.id,
          credits: order.credits,
          amount: new Intl.NumberFormat(language, { style: 'currency', currency: order.currency }).format(
            order.amountMinor / 100,
          ),
          method: PAYMENT_METHOD_NAMES[order.method as PaymentMethod] ?? order.method,
          date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(paidAt),
          companyName: site.companyName,
          companyAddress: site.companyAddress,
          companyCity: site.companyCity,
          companyCountry: site.companyCountry,
          companyKvk: site.companyKvk,
          vatNumber: site.companyVatNumbers.join(', '),
          refundDays: site.refundDays,
        },
      },
      tx,
    );
  }

  /** Bundles as the pages show them: the price, the price after `discount` where it applies, the ribbon. */
  function toBundles(
    bundles: (typeof creditBundles.$inferSelect)[],
    currency: string,
    country: string,
    discount: DiscountCode | null,
  ) {
    const dearest = bundles.reduce<number | null>((best, bundle) => {
      const perCredit = bundle.priceMinor / bundle.credits;
      return best === null || perCredit > best ? perCredit : best;
    }, null);
    return bundles.map((bundle) => ({
      id: bundle.id,
      credits: bundle.credits,
      price: { amount: bundle.priceMinor, currency: bundle.currency },
      final_price: {
        amount:
          discount && !applies(discount, { amountMinor: bundle.priceMinor, currency, country, method: null })
            ? discounted(bundle.priceMinor, discount.value_percentage)
            : bundle.priceMinor,
        currency: bundle.currency,
      },
      // Integer percent saved per credit against the dearest credit price (the smallest bundle).
      ribbon_percentage: dearest
        ? Math.max(0, Math.floor(100 - (bundle.priceMinor * 100) / bundle.credits / dearest))
        : 0,
      is_popular: bundle.isPopular,
    }));
  }

  type Bundle = typeof creditBundles.$inferSelect;
  type PlaceOrderInput = {
    site: Pick<SiteRow, 'id' | 'name'>;
    payer: Payer;
    bundle: Bundle;
    country: string;
    /** The method as SPEC 3 names it (kept on the order), and the provider's id for it. */
    method: string;
    providerMethod: string;
    discount: DiscountCode | null;
    transactionCosts: number;
    /** The provider's customer, or how to make it once the order is stored (a direct debit's mandate). */
    customer?: CustomerRef | (() => Promise<CustomerRef>);
    /** Checks that must hold in the order's own transaction, under its locks (a direct debit's limits). */
    inTransaction?: (tx: Executor, amountMinor: number) => Promise<void>;
    origin: string;
  };

  /** The discount's code row to key its use (the time bonus has none), or null when the code is gone. */
  async function discountRowOf(tx: Executor, siteId: number, code: string) {
    if (code.toUpperCase() === TIME_BONUS_CODE) return { id: null, validity: 'once_per_user', code: TIME_BONUS_CODE };
    return codeRowOf(tx, siteId, code);
  }

  /**
   * Reserves the order's discount in the order's transaction: one live holder per scope (unique scope_key), a lapsed
   * hold is taken over (deleting it locks the row, so concurrent takers queue behind it). Answers null when the order
   * holds the use, else the holder that keeps it.
   */
  async function reserveDiscount(
    tx: Executor,
    order: { id: number; siteId: number; userId: number; discountCode: string },
  ) {
    const code = await discountRowOf(tx, order.siteId, order.discountCode);
    const scopeKey = code ? scopeKeyOf(code, order.userId) : null;
    if (scopeKey) {
      await tx
        .delete(discountCodeUses)
        .where(
          and(
            eq(discountCodeUses.scopeKey, scopeKey),
            sql`not exists (select 1 from ${orders} where ${orders.id} = ${discountCodeUses.orderId} and ${liveHold()})`,
          ),
        );
    }
    const [reserved] = await tx
      .insert(discountCodeUses)
      .values({
        discountCodeId: code?.id ?? null,
        code: order.discountCode,
        userId: order.userId,
        orderId: order.id,
        scopeKey,
      })
      .onConflictDoNothing()
      .returning({ id: discountCodeUses.id });
    if (reserved) return null;
    const [own] = await tx
      .select({ id: discountCodeUses.id })
      .from(discountCodeUses)
      .where(eq(discountCodeUses.orderId, order.id))
      .limit(1);
    if (own) return null;
    return (scopeKey ? await holderOf(scopeKey, tx) : null) ?? { orderId: 0, userId: null, status: 'paid' };
  }

  /**
   * The credits a paid order earns: its bundle's, while it still holds its discount's use (kept since the order was
   * placed, or taken again now: a failed payment reported paid later, an abandoned checkout paid after its hold
   * lapsed). When another order took the use meanwhile, the member paid a discounted price without the discount: the
   * order earns what the price actually paid buys at the list price, never a second discount.
   */
  async function creditsEarnedBy(tx: Executor, order: OrderRow & { userId: number }): Promise<number> {
    if (!order.discountCode || order.discountPercentage === 0) return order.credits;
    const holder = await reserveDiscount(tx, {
      id: order.id,
      siteId: order.siteId,
      userId: order.userId,
      discountCode: order.discountCode,
    });
    if (!holder) return order.credits;
    const paidForCredits = order.amountMinor - order.transactionCostsMinor;
    return Math.max(1, Math.floor((order.credits * paidForCredits) / order.baseAmountMinor));
  }

  /** A failed, cancelled or expired order gives its discount back. */
  async function releaseDiscount(tx: Executor, orderId: number) {
    await tx.delete(discountCodeUses).where(eq(discountCodeUses.orderId, orderId));
  }

  /**
   * Stores the order at the price given (the bundle's, less the discount, plus the method's costs) with its discount
   * reserved, in one transaction, then starts its payment at the provider; a recurring payment (no checkout) is
   * pending from the start. Should the provider refuse, the order fails and gives its discount back.
   */
  async function placeOrder(input: PlaceOrderInput) {
    const { site, bundle, discount } = input;
    const amountMinor = orderAmount(bundle, discount, input.transactionCosts);
    const sequence = typeof input.customer === 'function' ? 'recurring' : (input.customer?.sequence ?? 'oneoff');
    const order = await db.transaction(async (tx) => {
      await input.inTransaction?.(tx, amountMinor);
      const [row] = await tx
        .insert(orders)
        .values({
          siteId: site.id,
          userId: input.payer.userId,
          bundleId: bundle.id,
          credits: bundle.credits,
          currency: bundle.currency,
          baseAmountMinor: bundle.priceMinor,
          discountCode: discount?.code ?? null,
          discountPercentage: discount?.value_percentage ?? 0,
          transactionCostsMinor: input.transactionCosts,
          amountMinor,
          method: input.method,
          country: input.country,
          provider: deps.provider.name,
          sequenceType: sequence,
          status: sequence === 'recurring' ? 'pending' : 'open',
        })
        .returning();
      if (discount) {
        const holder = await reserveDiscount(tx, {
          id: row!.id,
          siteId: site.id,
          userId: input.payer.userId,
          discountCode: discount.code,
        });
        if (holder) throw codeUsed(holder, input.payer.userId);
      }
      return row!;
    });
    let payment: Awaited<ReturnType<PaymentProvider['createPayment']>>;
    try {
      const customer = typeof input.customer === 'function' ? await input.customer() : input.customer;
      payment = await deps.provider.createPayment({
        amountMinor,
        currency: bundle.currency,
        description: `${site.name}: ${bundle.credits} credits (order ${order.id})`,
        method: input.providerMethod,
        // Back to the site the member pays on (every white-label domain has its own).
        redirectUrl: `${input.origin}/transactions/${order.id}`,
        webhookUrl: `${input.origin}/api/payment-webhook.php`,
        metadata: { orderId: order.id },
        ...(customer ? { customer } : {}),
      });
    } catch (error) {
      await db.transaction(async (tx) => {
        const [failed] = await tx
          .update(orders)
          .set({ status: 'failed' })
          .where(
            and(
              eq(orders.id, order.id),
              sql`${orders.status} in ('open', 'pending')`,
              sql`${orders.providerPaymentId} is null`,
            ),
          )
          .returning({ id: orders.id });
        if (failed) await releaseDiscount(tx, order.id);
      });
      throw error instanceof AppError ? error : Object.assign(new AppError(502, 'payment_failed'), { cause: error });
    }
    const [updated] = await db
      .update(orders)
      .set({ providerPaymentId: payment.id, checkoutUrl: payment.checkoutUrl })
      .where(eq(orders.id, order.id))
      .returning();
    return { order: updated!, payment };
  }

  function toOrder(row: OrderRow, refundDays?: number): Order {
    return {
      id: row.id,
      bundle_id: row.bundleId,
      status: orderStatusOf(row),
      credits: row.credits,
      amount: { amount: row.amountMinor, currency: row.currency },
      transaction_costs: row.transactionCostsMinor,
      discount_code: row.discountCode,
      discount_percentage: row.discountPercentage,
      method: row.method,
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      is_repeat: row.sequenceType === 'recurring',
      // Only the member's own order is ever answered; its checkout may be continued while the payment is open.
      checkout_url: row.status === 'open' ? row.checkoutUrl : null,
      refunded_credits: row.refundedCredits,
      refunded_amount: row.refundedMinor,
      refundable_until:
        row.status === 'paid' && !row.refundedAt && row.paidAt && refundDays !== undefined
          ? refundEnd(row.paidAt, refundDays).toISOString()
          : null,
    };
  }

  const refundEnd = (paidAt: Date, refundDays: number) => new Date(paidAt.getTime() + refundDays * 24 * 60 * 60 * 1000);

  /**
   * The unused credits of each paid order, replaying the member's ledger in order: a purchase adds its credits to its
   * order, a bonus (signup credits, staff credit) to the bonus pool; spending takes from the newest purchase first, then
   * older ones, and from the bonus pool last; a refund takes from its own order and a reversed refund gives back to it.
   * What each order has left is its unused credits (docs/payments.md).
   */
  async function unusedCreditsByOrder(userId: number, tx: Executor): Promise<Map<number, number>> {
    const entries = await tx
      .select({ amount: creditLedger.amount, reason: creditLedger.reason, reference: creditLedger.reference })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(asc(creditLedger.id));
    // What each purchase has left, in the order bought (a Map keeps insertion order). The bonus pool is spent last, so
    // nothing here needs its size: spending beyond the purchases' credits comes from it.
    const left = new Map<number, number>();
    const take = (orderId: number, wanted: number) => {
      const taken = Math.min(left.get(orderId)!, wanted);
      left.set(orderId, left.get(orderId)! - taken);
      return wanted - taken;
    };
    for (const entry of entries) {
      const orderId = Number(/^order:(\d+)$/.exec(entry.reference ?? '')?.[1] ?? Number.NaN);
      if (entry.amount > 0) {
        if (entry.reason === 'purchase' && orderId) left.set(orderId, entry.amount);
        else if (entry.reason === 'refund_reversed' && left.has(orderId))
          left.set(orderId, left.get(orderId)! + entry.amount);
        continue;
      }
      let owed = -entry.amount;
      if (entry.reason === 'refund' && left.has(orderId)) owed = take(orderId, owed);
      for (const id of [...left.keys()].reverse()) {
        if (owed <= 0) break;
        owed = take(id, owed);
      }
    }
    return left;
  }

  return {
    provider: deps.provider,

    /** GET /api/discountcode.php. */
    async checkCode(
      site: PaymentSite,
      payer: Payer,
      query: { code?: string; welcome?: string },
    ): Promise<DiscountCode | null> {
      if (query.welcome) return welcomeCodeOf(site, payer);
      if (!query.code) throw new AppError(404, 'discount_code_not_found');
      return findEnteredCode(site, payer, query.code);
    },

    /** GET /api/credits.php. */
    async creditsPage(
      site: PaymentSite,
      payer: Payer,
      options: { country?: string; geoCountry: string | null; code?: string },
    ): Promise<CreditsResponse> {
      const country = countryFor(site, options.country, options.geoCountry);
      const { currency, bundles } = await bundlesFor(site, country);
      // A code that does not apply (the page shows why through discountcode.php) leaves the other discounts.
      const discount = await bestDiscount(
        site,
        payer,
        { amountMinor: Number.MAX_SAFE_INTEGER, currency, country, method: null },
        options.code,
        'skip',
      );
      const [last] = await db
        .select({ bundleId: orders.bundleId, credits: orders.credits })
        .from(orders)
        .where(and(eq(orders.userId, payer.userId), eq(orders.status, 'paid')))
        .orderBy(desc(orders.paidAt))
        .limit(1);
      return {
        currency,
        country,
        discount,
        bundles: toBundles(bundles, currency, country, discount),
        methods: isAvailable
          ? methodsFor(country, site.paymentMethods).map((method) => ({
              method,
              transaction_costs: site.transactionCosts[method] ?? 0,
            }))
          : [],
        direct_debit: isAvailable && isDirectDebitOffered(country, site.paymentMethods),
        payments_available: isAvailable,
        test_mode: deps.provider.isTestMode,
        last_order: last?.bundleId
          ? { bundle_id: last.bundleId, credits: last.credits, card: await cardOf(payer.userId) }
          : null,
      };
    },

    /** GET /api/pricing.php: the bundles of the country's currency for anyone, at their list prices. */
    async pricing(
      site: PaymentSite,
      options: { country?: string; geoCountry: string | null },
    ): Promise<PricingResponse> {
      const country = countryFor(site, options.country, options.geoCountry);
      const { currency, bundles } = await bundlesFor(site, country);
      return { currency, country, bundles: toBundles(bundles, currency, country, null) };
    },

    /** POST /api/order.php: prices the order on the server and starts the provider's payment. */
    async createOrder(
      site: PaymentSite & Pick<SiteRow, 'countries'>,
      payer: Payer,
      input: {
        bundleId: number;
        method: PaymentMethod;
        country?: string;
        geoCountry: string | null;
        discountCode?: string;
        origin: string;
      },
    ): Promise<{ order: Order; checkoutUrl: string }> {
      assertAvailable();
      const country = countryFor(site, input.country, input.geoCountry);
      const { bundles } = await bundlesFor(site, country);
      const bundle = bundles.find((candidate) => candidate.id === input.bundleId);
      if (!bundle) throw new AppError(404, 'bundle_not_found');
      const providerMethod = providerMethodOf(input.method);
      if (!methodsFor(country, site.paymentMethods).includes(input.method) || !providerMethod)
        throw new AppError(400, 'payment_method_unavailable');
      const discount = await bestDiscount(
        site,
        payer,
        { amountMinor: bundle.priceMinor, currency: bundle.currency, country, method: input.method },
        input.discountCode,
      );
      // A card payment saves the card (a mandate) for one-click repeat orders.
      const customerId = providerMethod === 'creditcard' ? await ensureCustomer(payer.userId) : null;
      const { order, payment } = await placeOrder({
        site,
        payer,
        bundle,
        country,
        method: input.method,
        providerMethod,
        discount,
        transactionCosts: site.transactionCosts[input.method] ?? 0,
        ...(customerId ? { customer: { id: customerId, sequence: 'first' as const } } : {}),
        origin: input.origin,
      });
      if (!payment.checkoutUrl) throw new AppError(502, 'payment_failed');
      return { order: toOrder(order, site.refundDays), checkoutUrl: payment.checkoutUrl };
    },

    /**
     * POST /api/repeat-order.php: the last paid bundle again on the saved card, without leaving the site. The
     * provider answers through the webhook; a declined card ends the order failed ("the stored card payment could not complete").
     */
    async repeatOrder(
      site: PaymentSite,
      payer: Payer,
      input: { origin: string; geoCountry: string | null },
    ): Promise<Order> {
      assertAvailable();
      const card = await savedCardOf(payer.userId);
      const [last] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, payer.userId), eq(orders.status, 'paid')))
        .orderBy(desc(orders.paidAt))
        .limit(1);
      if (!card || !last?.bundleId) throw new AppError(404, 'no_saved_card');
      const [bundle] = await db
        .select()
        .from(creditBundles)
        .where(
          and(eq(creditBundles.id, last.bundleId), eq(creditBundles.siteId, site.id), eq(creditBundles.isActive, true)),
        )
        .limit(1);
      if (!bundle) throw new AppError(404, 'bundle_not_found');
      const discount = await bestDiscount(
        site,
        payer,
        { amountMinor: bundle.priceMinor, currency: bundle.currency, country: last.country, method: 'creditcard' },
        undefined,
      );
      const { order } = await placeOrder({
        site,
        payer,
        bundle,
        country: last.country,
        method: 'creditcard',
        providerMethod: 'creditcard',
        discount,
        transactionCosts: site.transactionCosts.creditcard ?? 0,
        customer: { id: card.customerId, sequence: 'recurring', mandateId: card.mandateId! },
        origin: input.origin,
      });
      return toOrder(order, site.refundDays);
    },

    /** GET /api/order.php: the member's own order only. The return page reads the state; it never credits. */
    async getOrder(site: Pick<SiteRow, 'refundDays'>, userId: number, orderId: number): Promise<Order> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
        .limit(1);
      if (!row) throw orderNotFound();
      return toOrder(row, site.refundDays);
    },

    async listOrders(site: Pick<SiteRow, 'refundDays'>, userId: number): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(100);
      return rows.map((row) => toOrder(row, site.refundDays));
    },

    /**
     * POST /api/refund.php: within refund_days of the payment, the order's unused credits (last in, first out) leave
     * through the ledger and the provider refunds that share of the order's price. The member stays premium.
     */
    async refund(site: Pick<SiteRow, 'refundDays'>, userId: number, orderId: number): Promise<Order> {
      // Each attempt is its own ledger effect: a refund the provider refused and that was reversed may be asked again.
      const attempt = randomUUID();
      // First the credits leave (under the order's and the balance's locks, so nothing spends them meanwhile) ...
      const claimed = await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
          .for('update');
        if (!order || order.status !== 'paid' || !order.paidAt) throw orderNotFound();
        if (order.refundedAt) throw new AppError(409, 'refund_already_done');
        if (deps.now().getTime() > refundEnd(order.paidAt, site.refundDays).getTime())
          throw new AppError(403, 'refund_period_over', { days: site.refundDays });
        await tx
          .select({ userId: creditBalances.userId })
          .from(creditBalances)
          .where(eq(creditBalances.userId, userId))
          .for('update');
        const unused = (await unusedCreditsByOrder(userId, tx)).get(order.id) ?? 0;
        if (unused <= 0) throw new AppError(409, 'refund_nothing_unused');
        const amountMinor = Math.floor((order.amountMinor * unused) / order.credits);
        await postLedgerEntry(tx, {
          userId,
          amount: -unused,
          reason: 'refund',
          reference: `order:${order.id}`,
          idempotencyKey: `refund:${order.id}:${attempt}`,
        });
        await tx
          .update(orders)
          .set({ refundedCredits: unused, refundedMinor: amountMinor, refundedAt: deps.now() })
          .where(eq(orders.id, order.id));
        return { order, unused, amountMinor };
      });
      // ... then the provider refunds the money. Should it refuse, the credits come back: nothing is lost either way.
      try {
        const refund = await deps.provider.refund(
          claimed.order.providerPaymentId!,
          claimed.amountMinor,
          claimed.order.currency,
          `Refund of ${claimed.unused} unused credits (order ${claimed.order.id})`,
        );
        await db.update(orders).set({ providerRefundId: refund.id }).where(eq(orders.id, orderId));
      } catch (error) {
        await db.transaction(async (tx) => {
          await postLedgerEntry(tx, {
            userId,
            amount: claimed.unused,
            reason: 'refund_reversed',
            reference: `order:${orderId}`,
            idempotencyKey: `refund-reversed:${orderId}:${attempt}`,
          });
          await tx
            .update(orders)
            .set({ refundedCredits: 0, refundedMinor: 0, refundedAt: null })
            .where(eq(orders.id, orderId));
        });
        await deps.memberEvents.changed(userId);
        // The provider's refusal is ours to report, translated; the member may ask again.
        throw Object.assign(new AppError(502, 'refund_failed'), { cause: error });
      }
      await deps.memberEvents.changed(userId);
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return toOrder(row!, site.refundDays);
    },

    /**
     * POST /api/directdebit.php: checks the account (IBAN), the blocks and limits, prices the bundle, and texts the
     * member a code; nothing is charged until the code is confirmed.
     */
    async startDirectDebit(site: PaymentSite, payer: Payer, input: DirectDebitRequest & { geoCountry: string | null }) {
      assertAvailable();
      const iban = electronicFormatIBAN(input.iban) ?? '';
      const parsed = extractIBAN(iban);
      if (!isValidIBAN(iban) || !parsed.valid || !parsed.countryCode) throw new AppError(400, 'iban_invalid');
      const country = countryFor(site, input.country, input.geoCountry);
      const { bundles } = await bundlesFor(site, country);
      const bundle = bundles.find((candidate) => candidate.id === input.bundle_id);
      if (!bundle) throw new AppError(404, 'bundle_not_found');
      if (!isDirectDebitOffered(country, site.paymentMethods)) throw new AppError(400, 'payment_method_unavailable');
      const price = await directDebitPrice(site, payer, bundle, country);
      await assertDirectDebitAllowed(payer.userId, price.amountMinor);
      const code = randomInt(0, 10 ** DIRECT_DEBIT_CODE_LENGTH)
        .toString()
        .padStart(DIRECT_DEBIT_CODE_LENGTH, '0');
      const now = deps.now();
      const [row] = await db
        .insert(directDebitRequests)
        .values({
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
        })
        .returning();
      await db
        .update(directDebitRequests)
        .set({ codeHash: hashCode(row!.id, code) })
        .where(eq(directDebitRequests.id, row!.id));
      await sendCode(site, row!, code, payer);
      return directDebitState(row!, bundle, price.amountMinor);
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
      const code = randomInt(0, 10 ** DIRECT_DEBIT_CODE_LENGTH)
        .toString()
        .padStart(DIRECT_DEBIT_CODE_LENGTH, '0');
      const [updated] = await db
        .update(directDebitRequests)
        .set({
          codeHash: hashCode(row.id, code),
          codeExpiresAt: new Date(now.getTime() + DIRECT_DEBIT_CODE_MINUTES * 60_000),
          resendAt: new Date(now.getTime() + DIRECT_DEBIT_RESEND_SECONDS * 1000),
          attempts: 0,
          sentCount: sql`${directDebitRequests.sentCount} + 1`,
        })
        .where(eq(directDebitRequests.id, row.id))
        .returning();
      await sendCode(site, updated!, code, payer);
      const [bundle] = await db.select().from(creditBundles).where(eq(creditBundles.id, row.bundleId));
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
      assertAvailable();
      const now = deps.now();
      // Each try takes one of the code's tries in one conditional UPDATE (the row's lock), before the code is compared:
      // concurrent tries can never compare more than DIRECT_DEBIT_CODE_ATTEMPTS codes.
      const [row] = await db
        .update(directDebitRequests)
        .set({ attempts: sql`${directDebitRequests.attempts} + 1` })
        .where(
          and(
            eq(directDebitRequests.id, input.id),
            eq(directDebitRequests.userId, payer.userId),
            eq(directDebitRequests.status, 'awaiting_code'),
            sql`${directDebitRequests.attempts} < ${DIRECT_DEBIT_CODE_ATTEMPTS}`,
            sql`${directDebitRequests.codeExpiresAt} > ${now}`,
          ),
        )
        .returning();
      if (!row) {
        await findDirectDebit(payer.userId, input.id);
        throw new AppError(410, 'direct_debit_code_expired');
      }
      const given = Buffer.from(hashCode(row.id, input.code));
      const expected = Buffer.from(row.codeHash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError(400, 'direct_debit_code_invalid');
      const [bundle] = await db.select().from(creditBundles).where(eq(creditBundles.id, row.bundleId));
      if (!bundle) throw new AppError(404, 'bundle_not_found');
      const price = await directDebitPrice(site, payer, bundle, row.country);
      const { order } = await placeOrder({
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
          await tx.select({ id: users.id }).from(users).where(eq(users.id, payer.userId)).for('update');
          const [claimed] = await tx
            .update(directDebitRequests)
            .set({ status: 'submitted', iban: maskIban(row.iban) })
            .where(and(eq(directDebitRequests.id, row.id), eq(directDebitRequests.status, 'awaiting_code')))
            .returning({ id: directDebitRequests.id });
          if (!claimed) throw new AppError(404, 'direct_debit_not_found');
          await assertDirectDebitAllowed(payer.userId, amountMinor, tx);
        },
        // The mandate on the account (the full IBAN is only in memory now), once the debit is stored.
        customer: async () => {
          const customerId = await ensureCustomer(payer.userId);
          const mandate = await deps.provider.createDirectDebitMandate(customerId, {
            holder: row.holder,
            iban: row.iban,
          });
          return { id: customerId, sequence: 'recurring', mandateId: mandate.id };
        },
        origin: input.origin,
      });
      await db.update(directDebitRequests).set({ orderId: order.id }).where(eq(directDebitRequests.id, row.id));
      return toOrder(order, site.refundDays);
    },

    /**
     * A provider's webhook: only the payment id is trusted; the payment is read from the provider. A paid order is
     * credited once (the order row's lock, and the ledger's idempotency key `order:<id>`), however often the webhook
     * comes; an unknown id changes nothing.
     */
    async handleWebhook(paymentId: string): Promise<'unknown' | 'unchanged' | 'updated' | 'credited'> {
      const record = async (outcome: string, error?: string) => {
        await db.insert(paymentWebhooks).values({
          provider: deps.provider.name,
          providerPaymentId: paymentId.slice(0, 100),
          outcome,
          error: error ?? null,
        });
      };
      const payment = await deps.provider.getPayment(paymentId);
      if (!payment) {
        await record('unknown', 'provider has no such payment');
        return 'unknown';
      }
      let [known] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.provider, deps.provider.name), eq(orders.providerPaymentId, paymentId)))
        .limit(1);
      if (!known && payment.metadata.orderId) {
        // The webhook can arrive before the create call's answer was stored: the provider's metadata names the order.
        [known] = await db
          .update(orders)
          .set({ providerPaymentId: paymentId })
          .where(
            and(
              eq(orders.id, payment.metadata.orderId),
              eq(orders.provider, deps.provider.name),
              sql`${orders.providerPaymentId} is null`,
            ),
          )
          .returning({ id: orders.id });
      }
      if (!known) {
        await record('unknown');
        return 'unknown';
      }
      let userId: number | null = null;
      const credit = () =>
        db.transaction(async (tx) => {
          const [order] = await tx.select().from(orders).where(eq(orders.id, known.id)).for('update');
          if (!order || order.status === 'paid' || order.status === payment.status) return 'unchanged' as const;
          if (payment.status !== 'paid') {
            await tx.update(orders).set({ status: payment.status }).where(eq(orders.id, order.id));
            if (payment.status === 'failed' || payment.status === 'canceled' || payment.status === 'expired')
              await releaseDiscount(tx, order.id);
            // A direct debit that bounced: no more direct debits for this member (SPEC 8, "blocked for direct debit").
            if (payment.status === 'failed' && order.method === 'sdd' && order.userId !== null) {
              await tx
                .insert(directDebitBlocks)
                .values({ userId: order.userId, reason: 'debit_failed' })
                .onConflictDoNothing();
            }
            return 'updated' as const;
          }
          if (payment.amountMinor !== order.amountMinor || payment.currency !== order.currency) {
            throw new Error(
              `payment ${paymentId} amount ${payment.amountMinor} ${payment.currency} does not match order ${order.id}`,
            );
          }
          const now = deps.now();
          const credits =
            order.userId !== null ? await creditsEarnedBy(tx, { ...order, userId: order.userId }) : order.credits;
          const [paidOrder] = await tx
            .update(orders)
            .set({ status: 'paid', paidAt: now, credits, checkoutUrl: null })
            .where(eq(orders.id, order.id))
            .returning();
          if (order.userId !== null) {
            userId = order.userId;
            await postLedgerEntry(tx, {
              userId: order.userId,
              amount: credits,
              reason: 'purchase',
              reference: `order:${order.id}`,
              idempotencyKey: `order:${order.id}`,
            });
            // The first purchase makes the member premium, for good (SPEC 1).
            await tx.update(users).set({ paidUser: true }).where(eq(users.id, order.userId));
            await sendReceipt(tx, paidOrder!, now);
            if (payment.mandateId && payment.card && order.sequenceType === 'first') {
              await tx
                .update(paymentCustomers)
                .set({
                  mandateId: payment.mandateId,
                  cardBrand: payment.card.brand,
                  cardLast4: payment.card.last4,
                  updatedAt: now,
                })
                .where(eq(paymentCustomers.userId, order.userId));
            }
          }
          return 'credited' as const;
        });
      let outcome: Awaited<ReturnType<typeof credit>>;
      try {
        outcome = await credit();
      } catch (error) {
        // Staff see failed webhooks; the provider calls again on a non-2xx answer.
        await record('error', error instanceof Error ? error.message : String(error));
        throw error;
      }
      await record(outcome);
      if (userId !== null) await deps.memberEvents.changed(userId);
      return outcome;
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
