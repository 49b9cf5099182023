// Settling an order by what the provider says of its payment, under the order row's lock: a status change, a paid
// order credited once (the member premium, the receipt, the saved card), a chargeback of a paid one.
import type { Counter } from 'prom-client';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import type { LedgerEntryInput } from '../credits/index.ts';
import type { Discounts } from './discounts.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import type { Receipts } from './receipts.ts';
import { unusedCreditsByOrder, type LedgerEntry } from './refunds.service.ts';

export type WebhooksDeps = {
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
};

type ProviderPayment = NonNullable<Awaited<ReturnType<PaymentProvider['getPayment']>>>;
type MemberOrder = OrderRow & { userId: number };

/**
 * A chargeback (docs/payments.md): the order records what was taken back, the order's unused credits leave through
 * the ledger (last in, first out, as a refund's), the member stays premium, and paid traffic reverses the payout.
 */
async function chargeBack(
  deps: WebhooksDeps,
  tx: Executor,
  effects: Effects,
  order: MemberOrder,
  chargedBackMinor: number,
): Promise<void> {
  await deps.repo.updateOrder(order.id, { chargedBackMinor, chargedBackAt: deps.now() }, tx);
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

/** The paid order's member gets its credits and premium, the receipt, the saved card; paid traffic hears of it. */
async function creditMember(
  deps: WebhooksDeps,
  tx: Executor,
  effects: Effects,
  order: { paid: MemberOrder; credits: number; sequenceType: string; now: Date },
  payment: ProviderPayment,
) {
  const { paid, now } = order;
  await deps.ledger.postLedgerEntry(tx, {
    userId: paid.userId,
    amount: order.credits,
    reason: 'purchase',
    reference: `order:${paid.id}`,
    idempotencyKey: `order:${paid.id}`,
  });
  // The first purchase makes the member premium, for good (SPEC 1).
  await deps.markPremium(tx, paid.userId);
  await deps.receipts.send(tx, paid, now);
  if (payment.mandateId && payment.card && order.sequenceType === 'first') {
    await deps.repo.saveCard(
      paid.userId,
      { mandateId: payment.mandateId, brand: payment.card.brand, last4: payment.card.last4, now },
      tx,
    );
  }
  await effects.emit('member.changed', { userId: paid.userId });
  // Paid traffic records the purchase once and tells the member's network (docs/traffic.md).
  await effects.emit('order.paid', {
    orderId: paid.id,
    userId: paid.userId,
    siteId: paid.siteId,
    amountMinor: paid.amountMinor,
    currency: paid.currency,
  });
}

/** A payment the provider reports paid: its amount checked, the order paid with the credits it earns, once. */
async function creditOrder(
  deps: WebhooksDeps,
  tx: Executor,
  effects: Effects,
  order: OrderRow,
  payment: ProviderPayment & { requestedId: string },
): Promise<void> {
  if (payment.amountMinor !== order.amountMinor || payment.currency !== order.currency) {
    throw new Error(
      `payment ${payment.requestedId} amount ${payment.amountMinor} ${payment.currency} does not match order ${order.id}`,
    );
  }
  const now = deps.now();
  const credits =
    order.userId !== null
      ? await deps.discounts.creditsEarnedBy(tx, { ...order, userId: order.userId })
      : order.credits;
  const paidOrder = await deps.repo.updateOrder(
    order.id,
    { status: 'paid', paidAt: now, credits, checkoutUrl: null },
    tx,
  );
  if (order.userId !== null) {
    const paid = { ...paidOrder!, userId: order.userId };
    await creditMember(deps, tx, effects, { paid, credits, sequenceType: order.sequenceType, now }, payment);
  }
}

/** Settles the order of the payment (`requestedId`: the id the webhook named) under its row's lock; what it came to. */
export function settleOrder(deps: WebhooksDeps, orderId: number, payment: ProviderPayment & { requestedId: string }) {
  const { repo, discounts } = deps;
  return deps.outbox.transaction(async (tx, effects) => {
    const order = await repo.lockOrder(orderId, tx);
    if (!order) return 'unchanged' as const;
    if (order.status === 'paid') {
      // A paid order changes only by a chargeback the provider reports (more of it than recorded so far).
      const chargedBack = payment.chargedBackMinor ?? 0;
      if (chargedBack <= order.chargedBackMinor || order.userId === null) return 'unchanged' as const;
      await chargeBack(deps, tx, effects, { ...order, userId: order.userId }, chargedBack);
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
    await creditOrder(deps, tx, effects, order, payment);
    return 'credited' as const;
  });
}
