// Refunds of unused credits (docs/payments.md): within the site's refund_days, the order's unused credits (last in,
// first out) leave through the ledger and the provider refunds that share of the price; a refusal gives them back.
import { randomUUID } from 'node:crypto';
import type { Order } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { CreditLedgerRow, SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { LedgerEntryInput } from '../credits/index.ts';
import { orderNotFound, refundEnd, toOrder } from './order-view.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';

export type LedgerEntry = Pick<CreditLedgerRow, 'amount' | 'reason' | 'reference'>;

/**
 * The unused credits of each paid order, replaying the member's ledger in order: a purchase adds its credits to its
 * order, a bonus (signup credits, staff credit) to the bonus pool; spending takes from the newest purchase first, then
 * older ones, and from the bonus pool last; a refund takes from its own order and a reversed refund gives back to it.
 * What each order has left is its unused credits (docs/payments.md).
 */
export function unusedCreditsByOrder(entries: LedgerEntry[]): Map<number, number> {
  // What each purchase has left, in the order bought (a Map keeps insertion order). The bonus pool is spent last, so
  // nothing here needs its size: spending beyond the purchases' credits comes from it.
  const left = new Map<number, number>();
  const take = (orderId: number, wanted: number) => {
    const taken = Math.min(left.get(orderId)!, wanted);
    left.set(orderId, left.get(orderId)! - taken);
    return wanted - taken;
  };
  for (const entry of entries) {
    const orderId = Number(/^order:(\d+)$/.exec(entry.reference ?? '')?.[1] ?? Number.NaN);
    if (entry.amount > 0) {
      if (entry.reason === 'purchase' && orderId) left.set(orderId, entry.amount);
      else if (entry.reason === 'refund_reversed' && left.has(orderId))
        left.set(orderId, left.get(orderId)! + entry.amount);
      continue;
    }
    let owed = -entry.amount;
    // A refund or a chargeback takes from its own order first.
    if ((entry.reason === 'refund' || entry.reason === 'chargeback') && left.has(orderId)) owed = take(orderId, owed);
    for (const id of [...left.keys()].reverse()) {
      if (owed <= 0) break;
      owed = take(id, owed);
    }
  }
  return left;
}

/**
 * What a refund of the order gives back now: its unused credits (taken from the member's balance) and that share of
 * its price, rounded down. The staff console shows it before the refund (docs/staff-console.md).
 */
export function refundShare(
  order: { id: number; credits: number; amountMinor: number },
  entries: LedgerEntry[],
): { credits: number; amountMinor: number } {
  const credits = unusedCreditsByOrder(entries).get(order.id) ?? 0;
  return { credits, amountMinor: credits > 0 ? Math.floor((order.amountMinor * credits) / order.credits) : 0 };
}

type RefundsDeps = {
  /** Each transaction records the member's view change, delivered after its commit (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  repo: Pick<PaymentsRepository, 'findOwnOrder' | 'updateOrder' | 'findOrder'>;
  provider: Pick<PaymentProvider, 'refund'>;
  /** The credit ledger (credits' public entry): the balance's lock, the member's entries, and posting one. */
  ledger: {
    lockBalance: (executor: Executor, userId: number) => Promise<void>;
    listLedgerEntries: (executor: Executor, userId: number) => Promise<LedgerEntry[]>;
    postLedgerEntry: (executor: Executor, input: LedgerEntryInput) => Promise<unknown>;
  };
  now: () => Date;
};
type RefundSite = Pick<SiteRow, 'refundDays'>;

/**
 * The credits leave first (under the order's and the balance's locks, so nothing spends them meanwhile): the order's
 * unused credits through the ledger, the order marked refunded.
 */
function claimRefund(deps: RefundsDeps, site: RefundSite, ids: { userId: number; orderId: number; attempt: string }) {
  const { repo, ledger } = deps;
  const { userId, orderId, attempt } = ids;
  return deps.outbox.transaction(async (tx, effects) => {
    const order = await repo.findOwnOrder(userId, orderId, { tx, lock: true });
    if (!order || order.status !== 'paid' || !order.paidAt) throw orderNotFound();
    if (order.refundedAt) throw new AppError(409, 'refund_already_done');
    if (deps.now().getTime() > refundEnd(order.paidAt, site.refundDays).getTime())
      throw new AppError(403, 'refund_period_over', { days: site.refundDays });
    await ledger.lockBalance(tx, userId);
    const share = refundShare(order, await ledger.listLedgerEntries(tx, userId));
    const { credits: unused, amountMinor } = share;
    if (unused <= 0) throw new AppError(409, 'refund_nothing_unused');
    await ledger.postLedgerEntry(tx, {
      userId,
      amount: -unused,
      reason: 'refund',
      reference: `order:${order.id}`,
      idempotencyKey: `refund:${order.id}:${attempt}`,
    });
    await repo.updateOrder(
      order.id,
      { refundedCredits: unused, refundedMinor: amountMinor, refundedAt: deps.now() },
      tx,
    );
    await effects.emit('member.changed', { userId });
    return { order, unused, amountMinor };
  });
}
type ClaimedRefund = Awaited<ReturnType<typeof claimRefund>>;

/** The provider refunds the money; paid traffic records the refund once and reverses the network's payout. */
async function refundAtProvider(deps: RefundsDeps, userId: number, orderId: number, claimed: ClaimedRefund) {
  const refund = await deps.provider.refund(
    claimed.order.providerPaymentId!,
    claimed.amountMinor,
    claimed.order.currency,
    `Refund of ${claimed.unused} unused credits (order ${claimed.order.id})`,
  );
  await deps.outbox.transaction(async (tx, effects) => {
    await deps.repo.updateOrder(orderId, { providerRefundId: refund.id }, tx);
    // Paid traffic records the refund once and reverses the network's payout (docs/traffic.md).
    await effects.emit('order.refunded', {
      orderId,
      userId,
      siteId: claimed.order.siteId,
      amountMinor: claimed.amountMinor,
      currency: claimed.order.currency,
    });
  });
}

/** The provider refused: the credits come back and the order is no longer refunded. */
async function reverseRefund(
  deps: RefundsDeps,
  ids: { userId: number; orderId: number; attempt: string },
  claimed: ClaimedRefund,
) {
  const { userId, orderId, attempt } = ids;
  await deps.outbox.transaction(async (tx, effects) => {
    await deps.ledger.postLedgerEntry(tx, {
      userId,
      amount: claimed.unused,
      reason: 'refund_reversed',
      reference: `order:${orderId}`,
      idempotencyKey: `refund-reversed:${orderId}:${attempt}`,
    });
    await deps.repo.updateOrder(orderId, { refundedCredits: 0, refundedMinor: 0, refundedAt: null }, tx);
    await effects.emit('member.changed', { userId });
  });
}

export function createRefundsService(deps: RefundsDeps) {
  return {
    /**
     * POST /api/refund.php: within refund_days of the payment, the order's unused credits (last in, first out) leave
     * through the ledger and the provider refunds that share of the order's price. The member stays premium.
     */
    async refund(site: RefundSite, userId: number, orderId: number): Promise<Order> {
      // Each attempt is its own ledger effect: a refund the provider refused and that was reversed may be asked again.
      const ids = { userId, orderId, attempt: randomUUID() };
      const claimed = await claimRefund(deps, site, ids);
      // ... then the provider refunds the money. Should it refuse, the credits come back: nothing is lost either way.
      try {
        await refundAtProvider(deps, userId, orderId, claimed);
      } catch (error) {
        await reverseRefund(deps, ids, claimed);
        // The provider's refusal is ours to report, translated; the member may ask again.
        throw Object.assign(new AppError(502, 'refund_failed'), { cause: error });
      }
      const row = await deps.repo.findOrder(orderId);
      return toOrder(row!, site.refundDays);
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
