// Checkout: an order priced on the server and started at the provider, and a repeat order on the saved card.
import type { Order, PaymentMethod } from '@app/contracts';
import { methodsFor, providerMethodOf } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import type { Discounts, Payer } from './discounts.ts';
import type { OrderPlacement } from './order-placement.ts';
import { bundlesFor, countryFor, type PaymentSite } from './order-pages.ts';
import { toOrder } from './order-view.ts';
import type { PaymentCustomers } from './payment-customers.ts';
import type { PaymentsRepository } from './payments.repository.ts';

type CheckoutDeps = {
  repo: Pick<PaymentsRepository, 'listActiveBundles' | 'findLastPaidOrder' | 'findActiveBundle'>;
  discounts: Pick<Discounts, 'bestDiscount'>;
  assertAvailable: () => void;
  customers: Pick<PaymentCustomers, 'ensureCustomer' | 'savedCardOf'>;
  placement: OrderPlacement;
};

export function createCheckout(deps: CheckoutDeps) {
  const { repo, discounts, assertAvailable } = deps;
  return {
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
      const { bundles } = await bundlesFor(repo, site, country);
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
      const customerId = providerMethod === 'creditcard' ? await deps.customers.ensureCustomer(payer.userId) : null;
      const { order, payment } = await deps.placement.placeOrder({
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
  };
}

export function createRepeatOrders(deps: CheckoutDeps) {
  const { repo, discounts, assertAvailable } = deps;
  return {
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
      const card = await deps.customers.savedCardOf(payer.userId);
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
      const { order } = await deps.placement.placeOrder({
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
  };
}
