// The transactional outbox (docs/event-bus.md): a service records what must happen after its transaction (bus events,
// socket events, notification work) inside that transaction, as rows of `outbox_events`; once it committed, the same
// call delivers them in-process (publishes), and the instance acknowledges (deletes) them with their consumers' work
// in the background, many events in one transaction; a sweeper delivers what a crash left behind.
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { BanReason, SocketServerEvent } from '@app/contracts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { outboxEvents } from '../../db/schema/index.ts';
import type { EventBus } from '../bus/index.ts';

/**
 * Every event a transaction can record, and its payload (JSON: ids and small facts). Delivery is at least once:
 * each consumer is idempotent by the event's id, or by what it does (dropping a cached copy twice is harmless).
 */
export type OutboxEvents = {
  /** Something shown in the member's own view changed: every instance drops its copy (plugins/session). */
  'member.changed': { userId: number };
  /** Sessions ended: no instance answers for them any longer; `banReason` sends open tabs to the ban page. */
  'session.revoked': { userId: number; banReason?: BanReason };
  /** What likes.php or chats.php shows these profiles changed: every instance drops its poll versions. */
  'poll.changed': { kinds: ('likes' | 'chats')[]; profileIds: number[] };
  /** An event for the member sockets of these profiles, wherever they are connected (plugins/realtime). */
  realtime: { profileIds: number[]; event: SocketServerEvent };
  /** A member liked another (`isMatch`: the like made a match). Notifications start from it. */
  'like.created': { likerProfileId: number; likedProfileId: number; isMatch: boolean };
  /** A chat message reached its recipient's inbox (`seq` 1: a new conversation). Notifications start from it. */
  'chat.message': { recipientProfileId: number; senderProfileId: number; conversationId: number; seq: number };
  /**
   * A member sent a chat message: everything that follows, as the send statement (`chat_send`, migration 0028) wrote
   * it. The chats module delivers it (socket events, poll versions, the sender's balance); notifications start from
   * it as from `chat.message`.
   */
  'chat.sent': ChatSentEvent;
  /**
   * A member signed up (step 0), with the tracking cookie's visitor when the request carried a valid one; an account
   * was activated; an order was paid, refunded or charged back. Paid traffic records each once and sends the
   * networks' postbacks (docs/traffic.md).
   */
  'account.signed-up': { userId: number; siteId: number; visitorId: string | null; signedUpAt: string };
  'account.activated': { userId: number; siteId: number };
  'order.paid': OrderEvent;
  'order.refunded': OrderEvent;
  'order.charged-back': OrderEvent;
  /** Staff changed the ad networks: every instance reads them again (modules/traffic). */
  'traffic.networks-changed': Record<string, never>;
  /**
   * What visitors' pages may show of the member changed (a ban, suspension or lift, hiding, deletion, a photo, the
   * name or any profile field): every instance drops the visitor pages it keeps (first views, landers, landings).
   */
  'member.shown': { userId: number };
  /** A member reported another: a risk signal of the reported member (docs/safety.md, "Risk"). */
  'report.created': { reportedProfileId: number };
  /** A profile photo or a verification selfie was stored: safety screens it (docs/safety.md). */
  'photo.added': { source: 'profile' | 'selfie'; id: number; key: string; profileId: number };
  /**
   * A member opened another member's profile (member.php) at `visitedAt` (ISO 8601): the visitors module records the
   * visit once per visitor and UTC day, unless the visitor is invisible or does not record visits (docs/visitors.md).
   */
  'profile.visited': { visitorProfileId: number; visitedProfileId: number; visitedAt: string };
  /** A site's settings changed or a site was created: every instance forgets its cached sites and pages. */
  'site.changed': { siteId: number };
};

/** A paid, refunded or charged-back order: the amount paid, refunded or charged back, minor units. */
export type OrderEvent = { orderId: number; userId: number; siteId: number; amountMinor: number; currency: string };

/** The `chat.sent` event: the stored message (its row as the database's JSON) and both members' new state. */
export type ChatSentEvent = {
  message: Record<string, unknown>;
  senderProfileId: number;
  senderUserId: number;
  partnerProfileId: number;
  /** The partner's account (the send refused a profile without one, or a banned or suspended one). */
  partnerUserId: number;
  senderVersion: number;
  partnerVersion: number;
  partnerUnreadTotal: number;
  /** The sender's balance after the send, and the balance row's version (newer wins). */
  balance: number;
  balanceVersion: number;
  /** Whether the send was paid (the balance changed). */
  isDebit: boolean;
};
export type OutboxTopic = keyof OutboxEvents;

/** What a transaction records its after-commit events with. */
export type Effects = {
  /** Writes the event in the transaction; it is delivered once the transaction committed, never if it rolled back. */
  emit<T extends OutboxTopic>(topic: T, payload: OutboxEvents[T]): Promise<void>;
};

/** Runs on the delivering instance before the event is acknowledged; may run again for the same id (crash, retry). */
export type DeliveryHandler<T extends OutboxTopic> = (payload: OutboxEvents[T], event: { id: string }) => unknown;
/**
 * Runs inside the transaction that acknowledges the event (deletes its row): its writes commit together with the
 * acknowledgement, so they happen once per event. Use `tx` for every query (PGlite has one connection).
 */
export type ConsumerHandler<T extends OutboxTopic> = (
  payload: OutboxEvents[T],
  event: { id: string; tx: Transaction },
) => Promise<void>;

export type Outbox = {
  /**
   * Runs `work` in a transaction (a savepoint of `within` when given one) with the `effects` it records its
   * after-commit events with. After the outermost transaction committed, its events are delivered (their in-process
   * handlers ran, their publications went out) before this returns; their consumers run and they are acknowledged
   * right after, in the background (`settled`). A delivery that fails is logged and left to the sweeper (the caller's
   * change stands).
   */
  transaction<R>(work: (tx: Transaction, effects: Effects) => Promise<R>, within?: Executor): Promise<R>;
  /** In-process delivery of `topic` (cache invalidation, bus publication): idempotent. Returns the unsubscribe. */
  onDelivery<T extends OutboxTopic>(topic: T, handler: DeliveryHandler<T>): () => void;
  /**
   * Durable consumption of `topic` in the acknowledging transaction: once per event. With `supersededBy`, of the
   * events of one acknowledging batch that answer the same key only the last one is consumed: its work replaces
   * theirs (e.g. the jobs of a conversation's newest message replace those of the messages before it), and they are
   * acknowledged with it. Returns the unsubscribe.
   */
  consume<T extends OutboxTopic>(
    topic: T,
    handler: ConsumerHandler<T>,
    options?: { supersededBy?: (payload: OutboxEvents[T]) => string },
  ): () => void;
  /**
   * Delivers the events no one holds (their writer crashed, or its delivery failed, and the claim ran out), claiming
   * each batch so that two instances never deliver one event at the same time; answers how many were acknowledged.
   */
  sweep(): Promise<number>;
  /**
   * Delivers events that a committed statement wrote itself (a SQL function such as `chat_send`, which inserts its
   * rows claimed for `leaseMs`), as `transaction` does after its commit.
   */
  deliverCommitted(events: readonly { id: string; topic: OutboxTopic; payload: unknown }[]): Promise<void>;
  /**
   * Resolves once every event delivered before the call was acknowledged with its consumers' work (or failed and was
   * left to the sweeper). Closing the app waits for it; tests wait for it before they read what consumers wrote.
   */
  settled(): Promise<void>;
  /** How long a writer holds the events it wrote (claimed_until = clock_timestamp() + leaseMs). */
  readonly leaseMs: number;
};

/** `attempts`: the sweeps that tried it, this one included (none for the writer's own delivery). */
type Recorded = { id: string; topic: OutboxTopic; payload: unknown; attempts?: number };
type Recorder = { events: Recorded[] };

const SWEEP_BATCH = 100;
/**
 * At most this many delivered events are acknowledged in one background transaction. The first event after a quiet
 * moment goes at once, alone; events delivered while a batch runs wait for the next one, so a busy instance commits
 * one transaction (and one WAL flush) for many sends instead of one each.
 */
const ACKNOWLEDGE_BATCH = 200;
/**
 * A writer whose delivery finds more events than this waiting for their acknowledgement waits for its own: a backlog
 * stays bounded (memory, and the writer's claim never runs out while its events wait), and a sender is slowed to what
 * the instance really keeps up with.
 */
const ACKNOWLEDGE_BACKLOG = 2 * ACKNOWLEDGE_BATCH;

type Consumer = { handler: ConsumerHandler<never>; supersededBy?: (payload: never) => string };
/**
 * Sweeps stop trying an event after this many attempts, leaving its row for inspection. Each sweep claims it twice as
 * long as the one before (from the lease up to MAX_CLAIM_MS), so an event that keeps failing costs little: with the
 * default lease, about half a day of attempts.
 */
export const MAX_SWEEP_ATTEMPTS = 20;
const MAX_CLAIM_MS = 60 * 60_000;

export function createOutbox(deps: {
  db: Database;
  /** What delivery publishes goes out as one bus message per commit (bus.batch); without it, one per publication. */
  bus?: Pick<EventBus, 'batch'>;
  /** How long the writer (or a sweeper) holds an event it delivers before another may take it over. */
  leaseMs: number;
  onError: (error: unknown, context: string) => void;
  /** Test hook: runs after the commit, before any delivery (the crash test kills the process there). */
  afterCommit?: (events: readonly Recorded[]) => void;
}): Outbox {
  const { db } = deps;
  const deliveryHandlers = new Map<OutboxTopic, Set<DeliveryHandler<never>>>();
  const consumers = new Map<OutboxTopic, Set<Consumer>>();
  /** The recorder of each open transaction (and savepoint) this outbox started. */
  const recorders = new WeakMap<object, Recorder>();
  // The database's clock, never an instance's: `clock_timestamp()`, not the transaction's start (`now()`), so a long
  // transaction's claim still lasts the lease after its events were written.
  const lease = sql`clock_timestamp() + ${deps.leaseMs} * interval '1 millisecond'`;

  function add<H>(handlers: Map<OutboxTopic, Set<H>>, topic: OutboxTopic, handler: H): () => void {
    let set = handlers.get(topic);
    if (!set) handlers.set(topic, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  /**
   * The effects of a transaction (or savepoint) and the flush that writes what they recorded, in one multi-row insert
   * at the end of its work.
   */
  function effectsOf(tx: Transaction, recorder: Recorder | undefined): { effects: Effects; flush(): Promise<void> } {
    const pending: Recorded[] = [];
    return {
      effects: {
        async emit(topic, payload) {
          pending.push({ id: randomUUID(), topic, payload: structuredClone(payload) });
        },
      },
      async flush() {
        if (!pending.length) return;
        const rows = pending.splice(0);
        // Held by this writer for the lease: it delivers after its commit. A transaction this outbox did not start
        // has no after-commit delivery here: its events are the next sweep's at once.
        await tx.insert(outboxEvents).values(
          rows.map(({ id, topic, payload }, index) => ({
            id,
            topic,
            payload: payload as Record<string, unknown>,
            claimedUntil: recorder ? lease : sql`clock_timestamp()`,
            // Strictly increasing within the transaction: a sweep delivers its events in the order they were recorded.
            createdAt: sql`clock_timestamp() + ${index} * interval '1 microsecond'`,
          })),
        );
        // Each payload was copied when it was emitted, and writing it changes nothing: the rows are the record.
        recorder?.events.push(...rows);
      },
    };
  }

  /** Runs `work` with its effects and writes what they recorded before it returns (still inside `tx`). */
  async function runWork<R>(
    tx: Transaction,
    recorder: Recorder | undefined,
    work: (tx: Transaction, effects: Effects) => Promise<R>,
  ): Promise<R> {
    const { effects, flush } = effectsOf(tx, recorder);
    const result = await work(tx, effects);
    await flush();
    return result;
  }

  /** Logs a failed delivery; the event stays in the table for the sweeper (or for inspection after the last attempt). */
  function failed(event: Recorded, error: unknown): false {
    if ((event.attempts ?? 0) >= MAX_SWEEP_ATTEMPTS) {
      deps.onError(
        error,
        `outbox event ${event.topic} ${event.id} failed ${event.attempts} sweeps: no more attempts, its row stays in outbox_events`,
      );
      return false;
    }
    // Left in the table: the sweeper delivers it again once the claim ran out.
    deps.onError(error, `delivering outbox event ${event.topic} ${event.id}`);
    return false;
  }

  /** The in-process handlers of one event; false (logged) when one failed. */
  async function handle(event: Recorded): Promise<boolean> {
    try {
      for (const handler of deliveryHandlers.get(event.topic) ?? [])
        await (handler as DeliveryHandler<OutboxTopic>)(event.payload as never, { id: event.id });
      return true;
    } catch (error) {
      return failed(event, error);
    }
  }

  /**
   * Acknowledges delivered events (deletes their rows) and runs their consumers, in one transaction and in order;
   * answers how many were acknowledged. The row locks make a second deliverer of an event wait, then find its row
   * gone: the consumers' work happens once per event. When the batch fails, each event is tried on its own, so one
   * that fails (left to the sweeper) does not hold the others back.
   */
  async function acknowledge(events: readonly Recorded[]): Promise<number> {
    if (!events.length) return 0;
    try {
      return await db.transaction(async (tx) => {
        const rows = await tx
          .delete(outboxEvents)
          .where(
            inArray(
              outboxEvents.id,
              events.map((event) => event.id),
            ),
          )
          .returning({ id: outboxEvents.id });
        const acknowledged = new Set(rows.map((row) => row.id));
        const taken = events.filter((event) => acknowledged.has(event.id));
        // Per consumer that coalesces: the last event of each key in this batch.
        const lastOfKey = new Map<Consumer, Map<string, Recorded>>();
        for (const event of taken) {
          for (const consumer of consumers.get(event.topic) ?? []) {
            if (!consumer.supersededBy) continue;
            let last = lastOfKey.get(consumer);
            if (!last) lastOfKey.set(consumer, (last = new Map()));
            last.set(consumer.supersededBy(event.payload as never), event);
          }
        }
        for (const event of taken) {
          for (const consumer of consumers.get(event.topic) ?? []) {
            const last = lastOfKey.get(consumer);
            if (last && last.get(consumer.supersededBy!(event.payload as never)) !== event) continue;
            await (consumer.handler as ConsumerHandler<OutboxTopic>)(event.payload as never, { id: event.id, tx });
          }
        }
        return acknowledged.size;
      });
    } catch (error) {
      if (events.length === 1) return Number(failed(events[0]!, error));
      let acknowledged = 0;
      for (const event of events) acknowledged += await acknowledge([event]);
      return acknowledged;
    }
  }

  /**
   * Runs every in-process handler of the events in order, their bus publications as one message; answers the events
   * whose handlers all succeeded (the others stay for the sweeper).
   */
  async function handleAll(events: readonly Recorded[]): Promise<Recorded[]> {
    const handleEach = async () => {
      const ok: Recorded[] = [];
      for (const event of events) if (await handle(event)) ok.push(event);
      return ok;
    };
    try {
      return deps.bus ? await deps.bus.batch(handleEach) : await handleEach();
    } catch (error) {
      // The batch's publication failed: nothing was announced, every event stays for the sweeper.
      for (const event of events) failed(event, error);
      return [];
    }
  }

  // The background acknowledgement of what writers delivered: one queue per instance, drained batch by batch.
  const pendingAcknowledgements: Recorded[] = [];
  let acknowledging: Promise<void> | undefined;
  let queuedCount = 0;
  let doneCount = 0;
  const waiters: { count: number; resolve: () => void }[] = [];

  async function drainAcknowledgements(): Promise<void> {
    while (pendingAcknowledgements.length) {
      const batch = pendingAcknowledgements.splice(0, ACKNOWLEDGE_BATCH);
      await acknowledge(batch);
      doneCount += batch.length;
      for (let index = waiters.length - 1; index >= 0; index -= 1) {
        if (waiters[index]!.count > doneCount) continue;
        waiters[index]!.resolve();
        waiters.splice(index, 1);
      }
    }
    acknowledging = undefined;
  }

  /** A writer's delivery: handlers (and publications) now; acknowledgement and consumers in the background. */
  async function deliverAndQueue(events: readonly Recorded[]): Promise<void> {
    if (!events.length) return;
    deps.afterCommit?.(events);
    const handled = await handleAll(events);
    if (!handled.length) return;
    pendingAcknowledgements.push(...handled);
    queuedCount += handled.length;
    acknowledging ??= drainAcknowledgements();
    if (queuedCount - doneCount > ACKNOWLEDGE_BACKLOG) await settled();
  }

  function settled(): Promise<void> {
    const count = queuedCount;
    if (doneCount >= count) return Promise.resolve();
    return new Promise((resolve) => waiters.push({ count, resolve }));
  }

  return {
    async transaction(work, within) {
      const parent = within ? recorders.get(within) : undefined;
      if (within && within !== db) {
        // A savepoint of the caller's transaction: its events join the caller's once the savepoint succeeded.
        const own: Recorder | undefined = parent ? { events: [] } : undefined;
        const result = await (within as Transaction).transaction(async (savepoint) => {
          if (own) recorders.set(savepoint, own);
          return runWork(savepoint, own, work);
        });
        if (parent && own) parent.events.push(...own.events);
        return result;
      }
      const recorder: Recorder = { events: [] };
      const result = await db.transaction(async (tx) => {
        recorders.set(tx, recorder);
        return runWork(tx, recorder, work);
      });
      await deliverAndQueue(recorder.events);
      return result;
    },

    deliverCommitted: deliverAndQueue,

    settled,

    leaseMs: deps.leaseMs,

    onDelivery: (topic, handler) => add(deliveryHandlers, topic, handler as DeliveryHandler<never>),
    consume: (topic, handler, options) =>
      add(consumers, topic, {
        handler: handler as ConsumerHandler<never>,
        supersededBy: options?.supersededBy as Consumer['supersededBy'],
      }),

    async sweep() {
      let acknowledged = 0;
      for (;;) {
        const result = (await db.execute(sql`
          update ${outboxEvents}
          set attempts = attempts + 1,
            claimed_until = clock_timestamp()
              + least(${deps.leaseMs} * power(2, attempts), ${Math.max(deps.leaseMs, MAX_CLAIM_MS)}) * interval '1 millisecond'
          where ${outboxEvents.id} in (
            select ${outboxEvents.id} from ${outboxEvents}
            where ${outboxEvents.claimedUntil} <= clock_timestamp() and ${outboxEvents.attempts} < ${MAX_SWEEP_ATTEMPTS}
            order by ${outboxEvents.createdAt}
            limit ${SWEEP_BATCH}
            for update skip locked
          )
          returning id, topic, payload, attempts, created_at
        `)) as unknown as {
          rows: { id: string; topic: OutboxTopic; payload: unknown; attempts: number; created_at: string | Date }[];
        };
        const rows = [...result.rows].sort(
          (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime(),
        );
        if (!rows.length) return acknowledged;
        acknowledged += await acknowledge(
          await handleAll(
            rows.map(({ id, topic, payload, attempts }) => ({ id, topic, payload, attempts: Number(attempts) })),
          ),
        );
        if (rows.length < SWEEP_BATCH) return acknowledged;
      }
    },
  };
}
