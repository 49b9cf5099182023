// The composition root's payments (docs/payments.md): the provider the settings choose, and the payment services over
// the payments repository; premium through accounts, credits through the ledger, the receipt's seller through sites.
import type { FastifyInstance } from 'fastify';
import { findAccountContact, lockAccount, markPremium } from './modules/accounts/index.ts';
import { listLedgerEntries, lockBalance, postLedgerEntry } from './modules/credits/index.ts';
import {
  createDirectDebitService,
  createDiscounts,
  createMollieProvider,
  createOrdersService,
  createPaymentsRepository,
  createPaymentsService,
  createReceipts,
  createRefundsService,
  createSandboxProvider,
  createUnavailableProvider,
  createWebhooksService,
} from './modules/payments/index.ts';
import { findSite } from './modules/sites/index.ts';
import type { PaymentSettings } from './config.ts';

type PaymentOptions = { payments: PaymentSettings; directDebitSettleMs?: number };

/** The provider the settings choose: Mollie, the built-in sandbox, or none (payments unavailable). */
function buildPaymentProvider(app: FastifyInstance, options: PaymentOptions) {
  const { db } = app;
  return options.payments.provider === 'mollie'
    ? createMollieProvider({ apiKey: options.payments.mollieApiKey })
    : options.payments.provider === 'sandbox'
      ? // The built-in sandbox calls the webhook in-process, with the same request a provider would send.
        createSandboxProvider({
          db,
          directDebitSettleMs: options.directDebitSettleMs,
          callWebhook: async (url, paymentId) => {
            await app.inject({
              method: 'POST',
              url: new URL(url).pathname,
              payload: `id=${encodeURIComponent(paymentId)}`,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            });
          },
        })
      : createUnavailableProvider();
}

export function buildPayments(app: FastifyInstance, options: PaymentOptions, now: () => Date) {
  const { db } = app;
  const paymentsRepository = createPaymentsRepository(db);
  const paymentProvider = buildPaymentProvider(app, options);
  // Payments (docs/payments.md): premium through accounts, credits through the ledger, the receipt's seller through sites.
  const discounts = createDiscounts({ repo: paymentsRepository, now });
  const orders = createOrdersService({
    db,
    repo: paymentsRepository,
    discounts,
    provider: paymentProvider,
    findAccountContact,
    now,
  });
  const paymentRefunds = createRefundsService({
    outbox: app.outbox,
    repo: paymentsRepository,
    provider: paymentProvider,
    ledger: { lockBalance, listLedgerEntries, postLedgerEntry },
    now,
  });
  const payments = createPaymentsService({
    orders,
    directDebit: createDirectDebitService({
      db,
      repo: paymentsRepository,
      discounts,
      orders,
      provider: paymentProvider,
      sms: app.sms,
      findAccountContact,
      lockAccount,
      now,
    }),
    refunds: paymentRefunds,
    webhooks: createWebhooksService({
      outbox: app.outbox,
      repo: paymentsRepository,
      provider: paymentProvider,
      discounts,
      receipts: createReceipts({ mailer: app.mailer, findAccountContact, findSite }),
      ledger: { lockBalance, listLedgerEntries, postLedgerEntry },
      markPremium,
      outcomes: app.metrics.paymentWebhooks,
      now,
    }),
  });
  return { payments, paymentRefunds };
}
