// Public entry of payments: its repository, services and providers, for the composition root; the order status staff see.
export { createPaymentsRepository, type PaymentsRepository } from './payments.repository.ts';
export { createDiscounts, RESERVATION_HOLD_MS, type Payer } from './discounts.ts';
export { createOrdersService, type PaymentSite } from './orders.service.ts';
export { createDirectDebitService } from './direct-debit.service.ts';
export { createRefundsService, refundShare, type RefundsService } from './refunds.service.ts';
export { createReceipts, createWebhooksService } from './webhooks.service.ts';
export { createPaymentsService, type PaymentsService } from './payments.service.ts';
export { orderStatusOf } from './order-view.ts';
export { createSandboxProvider, type SandboxProvider } from './providers/sandbox-provider.ts';
export type { PaymentProvider } from './providers/payment-provider.ts';
export { createMollieProvider, fromMollieAmount, toMollieAmount } from './providers/mollie-provider.ts';
export { createUnavailableProvider, UNAVAILABLE_PROVIDER_NAME } from './providers/unavailable-provider.ts';
export {
  insertBundle,
  insertBundles,
  insertDiscountCode,
  updateBundle,
  updateDiscountCode,
  type BundleSettings,
  type DiscountCodeSettings,
} from './catalogue.ts';
export { findBundle, findDiscountCode, listSiteBundles, listSiteDiscountCodes } from './catalogue-reads.ts';
export { findOrderWithEmail, listFailedWebhooksPage, listOrdersPage } from './staff-reads.ts';
export { countPaidOrdersByDay, listMemberOrdersPage } from './order-staff-reads.ts';
