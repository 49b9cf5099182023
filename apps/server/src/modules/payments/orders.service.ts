// Orders, composed by use case: the credits and pricing pages and discount code checks (order-pages.ts), checkout and
// repeat orders (order-checkout.ts), the member's own orders. Placing an order (order-placement.ts) and the provider's
// customer (payment-customers.ts) are shared with direct debit.
import type { Order } from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { AccountContact } from '../accounts/index.ts';
import type { Discounts } from './discounts.ts';
import { createCheckout, createRepeatOrders } from './order-checkout.ts';
import { bundlesFor, createOrderPages } from './order-pages.ts';
import { createOrderPlacement } from './order-placement.ts';
import { orderNotFound, toOrder } from './order-view.ts';
import { createPaymentCustomers } from './payment-customers.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { UNAVAILABLE_PROVIDER_NAME } from './providers/unavailable-provider.ts';

export { countryFor, type PaymentSite } from './order-pages.ts';
export type { PlaceOrderInput } from './order-placement.ts';

export function createOrdersService(deps: {
  db: Database;
  repo: PaymentsRepository;
  discounts: Discounts;
  provider: PaymentProvider;
  /** The account's contact (accounts' public entry), for the provider's customer. */
  findAccountContact: (executor: Executor, userId: number) => Promise<AccountContact | undefined>;
  now: () => Date;
}) {
  const { repo, provider } = deps;
  const isAvailable = provider.name !== UNAVAILABLE_PROVIDER_NAME;
  const assertAvailable = () => {
    if (!isAvailable) throw new AppError(503, 'payments_unavailable');
  };
  const customers = createPaymentCustomers(deps);
  const placement = createOrderPlacement(deps);
  const pages = createOrderPages({ ...deps, isAvailable, customers });
  const checkoutDeps = { ...deps, assertAvailable, customers, placement };

  return {
    provider,
    assertAvailable,
    bundlesFor: (site: Pick<SiteRow, 'id' | 'currency'>, country: string) => bundlesFor(repo, site, country),
    ensureCustomer: customers.ensureCustomer,
    placeOrder: placement.placeOrder,
    ...pages,
    ...createCheckout(checkoutDeps),
    ...createRepeatOrders(checkoutDeps),

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
