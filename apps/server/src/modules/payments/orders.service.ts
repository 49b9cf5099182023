// Orders: the credits and pricing pages (bundles in the member's currency, the one best discount), discount code
// checks, orders priced on the server and started at the provider, repeat orders on the saved card, and the member's
// own orders. Placing an order (placeOrder) is shared with direct debit.
import type { CreditsResponse, DiscountCode, Order, PaymentMethod, PricingResponse } from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { CreditBundleRow, SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { AccountContact } from '../accounts/index.ts';
import { applies, codeUsed, discounted, orderAmount, type Discounts, type Payer } from './discounts.ts';
import { orderNotFound, toOrder } from './order-view.ts';
import { isDirectDebitOffered, methodsFor, providerMethodOf } from '@app/contracts';
import { currencyOf } from './payment-methods.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { UNAVAILABLE_PROVIDER_NAME } from './providers/unavailable-provider.ts';

export type PaymentSite = Pick<
  SiteRow,
  'id' | 'name' | 'currency' | 'countries' | 'paymentMethods' | 'transactionCosts' | 'refundDays'
>;

type CustomerRef = { id: string; sequence: 'first' | 'recurring'; mandateId?: string };

export type PlaceOrderInput = {
  site: Pick<SiteRow, 'id' | 'name'>;
  payer: Payer;
  bundle: CreditBundleRow;
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

/** The payment country: the member's choice, else GeoIP, when the site sells there; else the site's first country. */
export function countryFor(site: Pick<SiteRow, 'countries'>, chosen: string | undefined, geoCountry: string | null) {
  if (chosen && site.countries.includes(chosen)) return chosen;
  if (geoCountry && site.countries.includes(geoCountry)) return geoCountry;
  return site.countries[0] ?? 'NL';
}

/** Bundles as the pages show them: the price, the price after `discount` where it applies, the ribbon. */
function toBundles(bundles: CreditBundleRow[], currency: string, country: string, discount: DiscountCode | null) {
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

export function createOrdersService(deps: {
  db: Database;
  repo: PaymentsRepository;
  discounts: Discounts;
  provider: PaymentProvider;
  /** The account's contact (accounts' public entry), for the provider's customer. */
  findAccountContact: (executor: Executor, userId: number) => Promise<AccountContact | undefined>;
  now: () => Date;
}) {
  const { db, repo, discounts, provider } = deps;
  const isAvailable = provider.name !== UNAVAILABLE_PROVIDER_NAME;
  const assertAvailable = () => {
    if (!isAvailable) throw new AppError(503, 'payments_unavailable');
  };

  /** The site's active bundles in the payment country's currency when it has some, else in the site's currency. */
  async function bundlesFor(site: Pick<SiteRow, 'id' | 'currency'>, country: string) {
    const wanted = currencyOf(country);
    const all = await repo.listActiveBundles(site.id);
    const inWanted = all.filter((bundle) => bundle.currency === wanted);
    const currency = inWanted.length ? wanted : site.currency;
    return {
      currency,
      bundles: inWanted.length ? inWanted : all.filter((bundle) => bundle.currency === site.currency),
    };
  }

  /** The member's customer at the provider, created on their first card payment. */
  async function ensureCustomer(userId: number): Promise<string> {
    const existing = await repo.findCustomer(userId);
    if (existing && existing.provider === provider.name) return existing.customerId;
    const account = await deps.findAccountContact(db, userId);
    const customer = await provider.createCustomer({ name: account?.name ?? '', email: account?.email ?? '' });
    await repo.saveCustomer(userId, provider.name, customer.id, deps.now());
    return customer.id;
  }

  async function savedCardOf(userId: number) {
    const row = await repo.findCustomer(userId);
    return row && row.provider === provider.name && row.mandateId && row.cardBrand && row.cardLast4 ? row : null;
  }

  async function cardOf(userId: number) {
    const saved = await savedCardOf(userId);
    return saved ? { brand: saved.cardBrand!, last4: saved.cardLast4! } : null;
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
      const row = await repo.insertOrder(
        {
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
          provider: provider.name,
          sequenceType: sequence,
          status: sequence === 'recurring' ? 'pending' : 'open',
        },
        tx,
      );
      if (discount) {
        const holder = await discounts.reserve(tx, {
          id: row.id,
          siteId: site.id,
          userId: input.payer.userId,
          discountCode: discount.code,
        });
        if (holder) throw codeUsed(holder, input.payer.userId);
      }
      return row;
    });
    let payment: Awaited<ReturnType<PaymentProvider['createPayment']>>;
    try {
      const customer = typeof input.customer === 'function' ? await input.customer() : input.customer;
      payment = await provider.createPayment({
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
        if (await repo.failUnstartedOrder(order.id, tx)) await discounts.release(tx, order.id);
      });
      throw error instanceof AppError ? error : Object.assign(new AppError(502, 'payment_failed'), { cause: error });
    }
    const updated = await repo.updateOrder(order.id, {
      providerPaymentId: payment.id,
      checkoutUrl: payment.checkoutUrl,
    });
    return { order: updated!, payment };
  }

  return {
    provider,
    assertAvailable,
    bundlesFor,
    ensureCustomer,
    placeOrder,

    /** GET /api/discountcode.php. */
    async checkCode(
      site: PaymentSite,
      payer: Payer,
      query: { code?: string; welcome?: string },
    ): Promise<DiscountCode | null> {
      if (query.welcome) return discounts.welcomeCodeOf(site, payer);
      if (!query.code) throw new AppError(404, 'discount_code_not_found');
      return discounts.findEnteredCode(site, payer, query.code);
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
      const discount = await discounts.bestDiscount(
        site,
        payer,
        { amountMinor: Number.MAX_SAFE_INTEGER, currency, country, method: null },
        options.code,
        'skip',
      );
      const last = await repo.findLastPaidOrder(payer.userId);
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
        test_mode: provider.isTestMode,
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
      site: PaymentSite,
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
      const discount = await discounts.bestDiscount(
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
      const last = await repo.findLastPaidOrder(payer.userId);
      if (!card || !last?.bundleId) throw new AppError(404, 'no_saved_card');
      const bundle = await repo.findActiveBundle(site.id, last.bundleId);
      if (!bundle) throw new AppError(404, 'bundle_not_found');
      const discount = await discounts.bestDiscount(
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
      const row = await repo.findOwnOrder(userId, orderId);
      if (!row) throw orderNotFound();
      return toOrder(row, site.refundDays);
    },

    async listOrders(site: Pick<SiteRow, 'refundDays'>, userId: number): Promise<Order[]> {
      return (await repo.listOwnOrders(userId)).map((row) => toOrder(row, site.refundDays));
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
