// The pages before an order: the credits and pricing pages (bundles in the member's currency, the one best discount)
// and discount code checks.
import type { CreditsResponse, DiscountCode, PricingResponse } from '@app/contracts';
import { isDirectDebitOffered, methodsFor } from '@app/contracts';
import type { CreditBundleRow, SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { applies, discounted, type Discounts, type Payer } from './discounts.ts';
import type { PaymentCustomers } from './payment-customers.ts';
import { currencyOf } from './payment-methods.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';

export type PaymentSite = Pick<
  SiteRow,
  'id' | 'name' | 'currency' | 'countries' | 'paymentMethods' | 'transactionCosts' | 'refundDays'
>;

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

/** The site's active bundles in the payment country's currency when it has some, else in the site's currency. */
export async function bundlesFor(
  repo: Pick<PaymentsRepository, 'listActiveBundles'>,
  site: Pick<SiteRow, 'id' | 'currency'>,
  country: string,
) {
  const wanted = currencyOf(country);
  const all = await repo.listActiveBundles(site.id);
  const inWanted = all.filter((bundle) => bundle.currency === wanted);
  const currency = inWanted.length ? wanted : site.currency;
  return {
    currency,
    bundles: inWanted.length ? inWanted : all.filter((bundle) => bundle.currency === site.currency),
  };
}

export function createOrderPages(deps: {
  repo: Pick<PaymentsRepository, 'listActiveBundles' | 'findLastPaidOrder'>;
  discounts: Pick<Discounts, 'welcomeCodeOf' | 'findEnteredCode' | 'bestDiscount'>;
  provider: PaymentProvider;
  isAvailable: boolean;
  customers: Pick<PaymentCustomers, 'cardOf'>;
}) {
  const { repo, discounts, provider, isAvailable } = deps;
  return {
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
      const { currency, bundles } = await bundlesFor(repo, site, country);
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
          ? { bundle_id: last.bundleId, credits: last.credits, card: await deps.customers.cardOf(payer.userId) }
          : null,
      };
    },

    /** GET /api/pricing.php: the bundles of the country's currency for anyone, at their list prices. */
    async pricing(
      site: PaymentSite,
      options: { country?: string; geoCountry: string | null },
    ): Promise<PricingResponse> {
      const country = countryFor(site, options.country, options.geoCountry);
      const { currency, bundles } = await bundlesFor(repo, site, country);
      return { currency, country, bundles: toBundles(bundles, currency, country, null) };
    },
  };
}
