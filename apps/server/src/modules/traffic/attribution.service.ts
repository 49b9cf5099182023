// From click to revenue (docs/traffic.md): each business event (signup, activation, purchase, refund, chargeback) is
// recorded once, with its member's first touch copied on it and the network's payout, and the network's postback is
// queued in the same transaction. Runs as durable consumers of the outbox: once per event, whatever replays it.
import type { PostbackEvent } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { NetworkPayouts, NetworkPostbacks, SiteRow, TrafficEventKind } from '../../db/schema/index.ts';
import type { JobQueue } from '../../plugins/jobs/job-queue.ts';
import type { Outbox, OutboxEvents } from '../../plugins/outbox/index.ts';
import { fillTemplate } from './postback-template.ts';
import type { NewEvent, TrafficRepository } from './traffic.repository.ts';
import { dayIn } from './visits.service.ts';

/** A signup whose visitor's visits are not written yet (another instance's batch) waits this long for them. */
const FIRST_TOUCH_WAIT_MS = 60_000;

type Source = Pick<NewEvent, 'network' | 'ref' | 'sub1' | 'sub2' | 'sub3' | 'campaign' | 'lander' | 'variant'> & {
  memberId: number;
  clickId: string | null;
  visitorId: string | null;
};

const NO_SOURCE: Source = {
  network: '',
  ref: '',
  sub1: '',
  sub2: '',
  sub3: '',
  campaign: '',
  lander: '',
  variant: '',
  memberId: 0,
  clickId: null,
  visitorId: null,
};

/**
 * The source an event carries: a visitor's first touch, or the event its member's signup recorded (the same fields;
 * '' and 0 for none), or none at all.
 */
function eventSourceOf(from: Partial<Record<keyof Source, string | number | null>> | undefined): Source {
  if (!from) return NO_SOURCE;
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    network: text(from.network),
    ref: text(from.ref),
    sub1: text(from.sub1),
    sub2: text(from.sub2),
    sub3: text(from.sub3),
    campaign: text(from.campaign),
    lander: text(from.lander),
    variant: text(from.variant),
    memberId: Number(from.memberId ?? 0),
    clickId: (from.clickId as string | null | undefined) ?? null,
    visitorId: (from.visitorId as string | null | undefined) ?? null,
  };
}

/** Basis points of an amount, rounded down (what a network earns of a purchase). */
export function shareOf(amountMinor: number, basisPoints: number): number {
  return Math.floor((amountMinor * basisPoints) / 10_000);
}

export function createAttribution(deps: {
  repo: Pick<
    TrafficRepository,
    | 'findFirstTouch'
    | 'linkVisitor'
    | 'insertEvent'
    | 'findSignupEvent'
    | 'findPurchaseEvent'
    | 'hasPurchase'
    | 'insertPostback'
    | 'findNetworkByKey'
  >;
  jobs: Pick<JobQueue, 'enqueue'>;
  /** From sites' public entry: the site's time zone decides an event's day. */
  findSite: (executor: Executor, siteId: number) => Promise<Pick<SiteRow, 'timeZone'> | undefined>;
  now: () => Date;
}) {
  const { repo } = deps;

  /** Records the event once; its network's postback (when the network has a template for it) is queued with it. */
  async function record(
    tx: Executor,
    input: {
      kind: TrafficEventKind;
      causeKey: string;
      siteId: number;
      userId: number;
      source: Source;
      orderId?: number;
      isFirst?: boolean;
      amountMinor?: number;
      currency?: string;
      payout: (payouts: NetworkPayouts) => { amountMinor: number; currency: string | null } | null;
      postbackEvent: PostbackEvent;
      template: (postbacks: NetworkPostbacks) => string | undefined;
    },
  ): Promise<void> {
    const now = deps.now();
    const site = await deps.findSite(tx, input.siteId);
    const network = input.source.network ? await repo.findNetworkByKey(input.source.network, tx) : undefined;
    const payout = network ? input.payout(network.payouts) : null;
    const eventId = await repo.insertEvent(
      {
        siteId: input.siteId,
        userId: input.userId,
        visitorId: input.source.visitorId,
        kind: input.kind,
        causeKey: input.causeKey,
        orderId: input.orderId ?? null,
        isFirst: input.isFirst ?? false,
        amountMinor: input.amountMinor ?? 0,
        currency: input.currency ?? null,
        networkId: network?.id ?? null,
        payoutMinor: payout?.amountMinor ?? 0,
        payoutCurrency: payout?.currency ?? null,
        day: dayIn(site?.timeZone ?? 'UTC', now),
        network: input.source.network,
        ref: input.source.ref,
        sub1: input.source.sub1,
        sub2: input.source.sub2,
        sub3: input.source.sub3,
        campaign: input.source.campaign,
        lander: input.source.lander,
        variant: input.source.variant,
        memberId: input.source.memberId,
        clickId: input.source.clickId,
        createdAt: now,
      },
      tx,
    );
    // Recorded before (a replayed event): nothing happens twice.
    if (eventId === null || !network) return;
    const template = input.template(network.postbacks);
    if (!template) return;
    const url = fillTemplate(template, {
      clickId: input.source.clickId,
      ref: input.source.ref || null,
      sub1: input.source.sub1 || null,
      sub2: input.source.sub2 || null,
      sub3: input.source.sub3 || null,
      event: input.postbackEvent,
      orderId: input.orderId ?? null,
      amountMinor: input.amountMinor ?? 0,
      currency: input.currency ?? null,
      payoutMinor: payout?.amountMinor ?? 0,
      payoutCurrency: payout?.currency ?? null,
    });
    const postbackId = await repo.insertPostback({ eventId, networkId: network.id, url, createdAt: now }, tx);
    if (postbackId !== null)
      await deps.jobs.enqueue('traffic.postback', { postbackId }, { tx, uniqueKey: `postback:${postbackId}` });
  }

  /** The member's source: the one their signup recorded (their first touch), or none. */
  async function sourceOfMember(tx: Executor, userId: number): Promise<Source> {
    return eventSourceOf(await repo.findSignupEvent(userId, tx));
  }

  return {
    async onSignedUp(event: OutboxEvents['account.signed-up'], tx: Executor): Promise<void> {
      let source = NO_SOURCE;
      if (event.visitorId) {
        const touch = await repo.findFirstTouch(event.visitorId, tx);
        if (!touch && deps.now().getTime() - Date.parse(event.signedUpAt) < FIRST_TOUCH_WAIT_MS) {
          // The visit is in another instance's batch, written within a second: try again (the outbox retries).
          throw new Error(`first touch ${event.visitorId} not written yet`);
        }
        if (touch && touch.siteId === event.siteId) {
          source = eventSourceOf(touch);
          await repo.linkVisitor(event.visitorId, event.userId, deps.now(), tx);
        }
      }
      await record(tx, {
        kind: 'signup',
        causeKey: `user:${event.userId}`,
        siteId: event.siteId,
        userId: event.userId,
        source,
        payout: (payouts) => (payouts.signup ? { ...payouts.signup } : null),
        postbackEvent: 'signup',
        template: (postbacks) => postbacks.signup,
      });
    },
    async onActivated(event: OutboxEvents['account.activated'], tx: Executor): Promise<void> {
      await record(tx, {
        kind: 'activation',
        causeKey: `user:${event.userId}`,
        siteId: event.siteId,
        userId: event.userId,
        source: await sourceOfMember(tx, event.userId),
        payout: (payouts) => (payouts.activation ? { ...payouts.activation } : null),
        postbackEvent: 'activation',
        template: (postbacks) => postbacks.activation,
      });
    },
    async onPaid(event: OutboxEvents['order.paid'], tx: Executor): Promise<void> {
      const isFirst = !(await repo.hasPurchase(event.userId, tx));
      await record(tx, {
        kind: 'purchase',
        causeKey: `order:${event.orderId}`,
        siteId: event.siteId,
        userId: event.userId,
        source: await sourceOfMember(tx, event.userId),
        orderId: event.orderId,
        isFirst,
        amountMinor: event.amountMinor,
        currency: event.currency,
        payout: (payouts) => {
          const share = (isFirst && payouts.firstPurchase) || payouts.purchase;
          return share
            ? { amountMinor: shareOf(event.amountMinor, share.basisPoints), currency: event.currency }
            : null;
        },
        postbackEvent: isFirst ? 'first_purchase' : 'purchase',
        template: (postbacks) => (isFirst && postbacks.firstPurchase) || postbacks.purchase,
      });
    },
    /** A refund or a chargeback: the purchase's payout reversed in the share of the amount taken back. */
    async onReversed(
      kind: 'refund' | 'chargeback',
      event: OutboxEvents['order.refunded'],
      tx: Executor,
    ): Promise<void> {
      const purchase = await repo.findPurchaseEvent(event.orderId, tx);
      await record(tx, {
        kind,
        causeKey: `order:${event.orderId}`,
        siteId: event.siteId,
        userId: event.userId,
        source: purchase ? eventSourceOf(purchase) : await sourceOfMember(tx, event.userId),
        orderId: event.orderId,
        amountMinor: event.amountMinor,
        currency: event.currency,
        payout: () => {
          if (!purchase || !purchase.payoutMinor || !purchase.amountMinor) return null;
          const share = Math.min(1, event.amountMinor / purchase.amountMinor);
          return { amountMinor: -Math.floor(purchase.payoutMinor * share), currency: purchase.payoutCurrency };
        },
        postbackEvent: kind,
        template: (postbacks) =>
          postbacks.reversal ?? ((purchase?.isFirst && postbacks.firstPurchase) || postbacks.purchase),
      });
    },
  };
}

/** The consumers: each business event of the outbox, recorded once in its acknowledging transaction. */
export function consumeTrafficEvents(
  outbox: Pick<Outbox, 'consume'>,
  attribution: ReturnType<typeof createAttribution>,
): () => void {
  const stops = [
    outbox.consume('account.signed-up', (event, { tx }) => attribution.onSignedUp(event, tx)),
    outbox.consume('account.activated', (event, { tx }) => attribution.onActivated(event, tx)),
    outbox.consume('order.paid', (event, { tx }) => attribution.onPaid(event, tx)),
    outbox.consume('order.refunded', (event, { tx }) => attribution.onReversed('refund', event, tx)),
    outbox.consume('order.charged-back', (event, { tx }) => attribution.onReversed('chargeback', event, tx)),
  ];
  return () => stops.forEach((stop) => stop());
}
export type Attribution = ReturnType<typeof createAttribution>;
