// The provider's webhook and the receipt of a paid order: only the payment id is trusted, the payment is read from the
// provider, and under the order row's lock a paid order is credited once, makes the member premium and is receipted.
import type { Counter } from 'prom-client';
import { DEFAULT_LOCALE, isUiLanguage } from '@app/i18n';
import { PAYMENT_METHOD_NAMES, toMajorUnits, type PaymentMethod } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { OrderRow, SiteRow } from '../../db/schema/index.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import type { AccountContact } from '../accounts/index.ts';
import type { LedgerEntryInput } from '../credits/index.ts';
import type { Discounts } from './discounts.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { unusedCreditsByOrder, type LedgerEntry } from './refunds.service.ts';

/** The receipt mail of a paid order, in the member's language, with the seller's company details. */
export function createReceipts(deps: {
  mailer: Pick<Mailer, 'send' | 'linkTo'>;
  /** From accounts' and sites' public entries. */
  findAccountContact: (executor: Executor, userId: number) => Promise<AccountContact | undefined>;
  findSite: (executor: Executor, siteId: number) => Promise<SiteRow | undefined>;
}) {
  return {
    /** Sends the receipt in the crediting transaction `tx` (so exactly once). */
    async send(tx: Executor, order: OrderRow & { userId: number }, paidAt: Date): Promise<void> {
      const account = await deps.findAccountContact(tx, order.userId);
      const site = account ? await deps.findSite(tx, account.siteId) : undefined;
      if (!account || !site) return;
      const language = isUiLanguage(account.language) ? account.language : DEFAULT_LOCALE;
      await deps.mailer.send(
        {
          template: 'receipt',
          to: account.email,
          language,
          site,
          name: account.name ?? '',
          link: deps.mailer.linkTo(site, `/transactions/${order.id}`),
          params: {
            orderId: order.id,
            credits: order.credits,
            amount: new Intl.NumberFormat(language, { style: 'currency', currency: order.currency }).format(
              toMajorUnits(order.amountMinor, order.currency),
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
    },
  };
}
export type Receipts = ReturnType<typeof createReceipts>;

/** What a webhook came to; `error`: it failed (answered 500, and the provider calls again). */
export const WEBHOOK_OUTCOMES = ['credited', 'charged_back', 'updated', 'unchanged', 'unknown', 'error'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export function createWebhooksService(deps: {
  /** The crediting transaction records the member's view change, delivered after its commit (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  repo: Pick<
    PaymentsRepository,
    | 'recordWebhook'
    | 'findOrderIdByPayment'
    | 'claimPaymentId'
    | 'lockOrder'
    | 'updateOrder'
    | 'blockDirectDebit'
    | 'saveCard'
  >;
  provider: Pick<PaymentProvider, 'name' | 'getPayment'>;
  discounts: Pick<Discounts, 'creditsEarnedBy' | 'release'>;
  receipts: Receipts;
  /**
   * The credit ledger (credits' public entry): crediting the purchase; a chargeback takes the order's unused credits
   * back (the balance's lock first).
   */
  ledger: {
    lockBalance: (executor: Executor, userId: number) => Promise<void>;
    listLedgerEntries: (executor: Executor, userId: number) => Promise<LedgerEntry[]>;
    postLedgerEntry: (executor: Executor, input: LedgerEntryInput) => Promise<unknown>;
  };
  /** From accounts' public entry: the first purchase makes the member premium. */
  markPremium: (executor: Executor, userId: number) => Promise<void>;
  /** Every webhook's outcome, counted (the metric `payment_webhooks_total`, docs/operations.md). */
  outcomes: Pick<Counter<'outcome'>, 'inc'>;
  now: () => Date;
}) {
  const { outbox, repo, provider, discounts } = deps;
  // Each outcome's series exists from the start, so a first error is an increase from 0 (the alerts read increases).
  for (const outcome of WEBHOOK_OUTCOMES) deps.outcomes.inc({ outcome }, 0);

  /**
   * A chargeback (docs/payments.md): the order records what was taken back, the order's unused credits leave through
   * the ledger (last in, first out, as a refund's), the member stays premium, and paid traffic reverses the payout.
   */
  async function chargeBack(
    tx: Executor,
    effects: Effects,
    order: OrderRow & { userId: number },
    chargedBackMinor: number,
  ): Promise<void> {
    await repo.updateOrder(order.id, { chargedBackMinor, chargedBackAt: deps.now() }, tx);
    await deps.ledger.lockBalance(tx, order.userId);
    const unused = unusedCreditsByOrder(await deps.ledger.listLedgerEntries(tx, order.userId)).get(order.id) ?? 0;
    if (unused > 0)
      await deps.ledger.postLedgerEntry(tx, {
        userId: order.userId,
        amount: -unused,
        reason: 'chargeback',
        reference: `order:${order.id}`,
        idempotencyKey: `chargeback:${order.id}:${chargedBackMinor}`,
      });
    await effects.emit('member.changed', { userId: order.userId });
    await effects.emit('order.charged-back', {
      orderId: order.id,
      userId: order.userId,
      siteId: order.siteId,
      amountMinor: chargedBackMinor - order.chargedBackMinor,
      currency: order.currency,
    });
  }

  /**
   * A provider's webhook: only the payment id is trusted; the payment is read from the provider. A paid order is
   * credited once (the order row's lock, and the ledger's idempotency key `order:<id>`), however often the webhook
   * comes; an unknown id changes nothing.
   */
  async function handleWebhook(paymentId: string): Promise<Exclude<WebhookOutcome, 'error'>> {
    const record = async (outcome: string, error?: string) => {
      await repo.recordWebhook({
        provider: provider.name,
        providerPaymentId: paymentId.slice(0, 100),
        outcome,
        error: error ?? null,
      });
    };
    const payment = await provider.getPayment(paymentId);
    if (!payment) {
      await record('unknown', 'provider has no such payment');
      return 'unknown';
    }
    let known = await repo.findOrderIdByPayment(provider.name, paymentId);
    if (!known && payment.metadata.orderId) {
      // The webhook can arrive before the create call's answer was stored: the provider's metadata names the order.
      known = await repo.claimPaymentId(payment.metadata.orderId, provider.name, paymentId);
    }
    if (!known) {
      await record('unknown');
      return 'unknown';
    }
    const orderId = known.id;
    const credit = () =>
      outbox.transaction(async (tx, effects) => {
        const order = await repo.lockOrder(orderId, tx);
        if (!order) return 'unchanged' as const;
        if (order.status === 'paid') {
          // A paid order changes only by a chargeback the provider reports (more of it than recorded so far).
          const chargedBack = payment.chargedBackMinor ?? 0;
          if (chargedBack <= order.chargedBackMinor || order.userId === null) return 'unchanged' as const;
          await chargeBack(tx, effects, { ...order, userId: order.userId }, chargedBack);
          return 'charged_back' as const;
        }
        if (order.status === payment.status) return 'unchanged' as const;
        if (payment.status !== 'paid') {
          await repo.updateOrder(order.id, { status: payment.status }, tx);
          if (payment.status === 'failed' || payment.status === 'canceled' || payment.status === 'expired')
            await discounts.release(tx, order.id);
          // A direct debit that bounced: no more direct debits for this member (SPEC 8, "blocked for direct debit").
          if (payment.status === 'failed' && order.method === 'sdd' && order.userId !== null)
            await repo.blockDirectDebit(order.userId, 'debit_failed', tx);
          return 'updated' as const;
        }
        if (payment.amountMinor !== order.amountMinor || payment.currency !== order.currency) {
          throw new Error(
            `payment ${paymentId} amount ${payment.amountMinor} ${payment.currency} does not match order ${order.id}`,
          );
        }
        const now = deps.now();
        const credits =
          order.userId !== null
            ? await discounts.creditsEarnedBy(tx, { ...order, userId: order.userId })
            : order.credits;
        const paidOrder = await repo.updateOrder(
          order.id,
          { status: 'paid', paidAt: now, credits, checkoutUrl: null },
          tx,
        );
        if (order.userId !== null) {
          await deps.ledger.postLedgerEntry(tx, {
            userId: order.userId,
            amount: credits,
            reason: 'purchase',
            reference: `order:${order.id}`,
            idempotencyKey: `order:${order.id}`,
          });
          // The first purchase makes the member premium, for good (SPEC 1).
          await deps.markPremium(tx, order.userId);
          await deps.receipts.send(tx, { ...paidOrder!, userId: order.userId }, now);
          if (payment.mandateId && payment.card && order.sequenceType === 'first') {
            await repo.saveCard(
              order.userId,
              { mandateId: payment.mandateId, brand: payment.card.brand, last4: payment.card.last4, now },
              tx,
            );
          }
          await effects.emit('member.changed', { userId: order.userId });
          // Paid traffic records the purchase once and tells the member's network (docs/traffic.md).
          await effects.emit('order.paid', {
            orderId: order.id,
            userId: order.userId,
            siteId: order.siteId,
            amountMinor: order.amountMinor,
            currency: order.currency,
          });
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
    return outcome;
  }

  return {
    /** The webhook, its outcome counted (an error too: the provider unreachable, a failed crediting). */
    async handleWebhook(paymentId: string): Promise<Exclude<WebhookOutcome, 'error'>> {
      try {
        const outcome = await handleWebhook(paymentId);
        deps.outcomes.inc({ outcome });
        return outcome;
      } catch (error) {
        deps.outcomes.inc({ outcome: 'error' });
        throw error;
      }
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
