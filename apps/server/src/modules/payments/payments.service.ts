// The payments module's face for its routes: one object over its services (docs/payments.md), each built in the
// composition root from what it uses: discounts, orders, direct debit, refunds, and the webhook with its receipts, all
// over the payments repository. Premium and credits go through their owners (accounts, credits).
import type { DirectDebitService } from './direct-debit.service.ts';
import type { OrdersService } from './orders.service.ts';
import type { RefundsService } from './refunds.service.ts';
import type { WebhooksService } from './webhooks.service.ts';

export function createPaymentsService(parts: {
  orders: OrdersService;
  directDebit: DirectDebitService;
  refunds: RefundsService;
  webhooks: WebhooksService;
}) {
  const { orders, directDebit, refunds, webhooks } = parts;
  return {
    provider: orders.provider,
    checkCode: orders.checkCode,
    creditsPage: orders.creditsPage,
    pricing: orders.pricing,
    createOrder: orders.createOrder,
    repeatOrder: orders.repeatOrder,
    getOrder: orders.getOrder,
    listOrders: orders.listOrders,
    refund: refunds.refund,
    startDirectDebit: directDebit.startDirectDebit,
    resendDirectDebitCode: directDebit.resendDirectDebitCode,
    verifyDirectDebit: directDebit.verifyDirectDebit,
    handleWebhook: webhooks.handleWebhook,
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
