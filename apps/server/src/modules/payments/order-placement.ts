// Placing an order, shared by checkout, repeat orders and direct debit: the order stored at its price with its
// discount reserved, then its payment started at the provider.
import type { DiscountCode } from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { CreditBundleRow, OrderRow, SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { codeUsed, orderAmount, type Discounts, type Payer } from './discounts.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';

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

type PlacementDeps = {
  db: Database;
  repo: Pick<PaymentsRepository, 'insertOrder' | 'failUnstartedOrder' | 'updateOrder'>;
  discounts: Pick<Discounts, 'reserve' | 'release'>;
  provider: PaymentProvider;
};

/** Stores the order with its discount reserved, in one transaction; a recurring payment is pending from the start. */
async function storeOrder(deps: PlacementDeps, input: PlaceOrderInput, amountMinor: number) {
  const { site, bundle, discount } = input;
  const sequence = typeof input.customer === 'function' ? 'recurring' : (input.customer?.sequence ?? 'oneoff');
  return deps.db.transaction(async (tx) => {
    await input.inTransaction?.(tx, amountMinor);
    const row = await deps.repo.insertOrder(
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
        provider: deps.provider.name,
        sequenceType: sequence,
        status: sequence === 'recurring' ? 'pending' : 'open',
      },
      tx,
    );
    if (discount) {
      const holder = await deps.discounts.reserve(tx, {
        id: row.id,
        siteId: site.id,
        userId: input.payer.userId,
        discountCode: discount.code,
      });
      if (holder) throw codeUsed(holder, input.payer.userId);
    }
    return row;
  });
}

/** Starts the stored order's payment at the provider; should it refuse, the order fails and gives its discount back. */
async function startPayment(deps: PlacementDeps, input: PlaceOrderInput, order: OrderRow, amountMinor: number) {
  const { site, bundle } = input;
  try {
    const customer = typeof input.customer === 'function' ? await input.customer() : input.customer;
    return await deps.provider.createPayment({
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
    await deps.db.transaction(async (tx) => {
      if (await deps.repo.failUnstartedOrder(order.id, tx)) await deps.discounts.release(tx, order.id);
    });
    throw error instanceof AppError ? error : Object.assign(new AppError(502, 'payment_failed'), { cause: error });
  }
}

export function createOrderPlacement(deps: PlacementDeps) {
  return {
    /**
     * Stores the order at the price given (the bundle's, less the discount, plus the method's costs) with its discount
     * reserved, in one transaction, then starts its payment at the provider; a recurring payment (no checkout) is
     * pending from the start. Should the provider refuse, the order fails and gives its discount back.
     */
    async placeOrder(input: PlaceOrderInput) {
      const amountMinor = orderAmount(input.bundle, input.discount, input.transactionCosts);
      const order = await storeOrder(deps, input, amountMinor);
      const payment = await startPayment(deps, input, order, amountMinor);
      const updated = await deps.repo.updateOrder(order.id, {
        providerPaymentId: payment.id,
        checkoutUrl: payment.checkoutUrl,
      });
      return { order: updated!, payment };
    },
  };
}
export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
