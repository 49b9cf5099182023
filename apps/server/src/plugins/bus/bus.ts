// The event bus between app instances: in-process without Redis, Redis pub/sub with it; one interface for both.
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type { Cluster, Redis } from 'ioredis';
import type { RedisClient } from '../redis.plugin.ts';
import type { BanReason, SocketServerEvent } from '@app/contracts';

/**
 * Every event the bus carries and its payload. Payloads are JSON: ids and small facts, never rows;
 * the database stays the source of truth and a receiver reads what it needs from there.
 */
export type BusEvents = {
  /** Sessions ended (logout, password change, deletion, ban): no instance may answer for them any longer. */
  'session.revoked': { userId: number; sessionIds?: number[]; banReason?: BanReason };
  /** Something shown in the member's own view changed (credits, premium, profile, photos, language). */
  'member.changed': { userId: number };
  /**
   * The member's credit balance is now `balance`: instances holding the member's view take it in place (newer
   * `version` only: the balance row's counter, in commit order) instead of dropping the view (docs/member-view.md).
   */
  'member.credits': { userId: number; balance: number; version: number };
  /** What likes.php or chats.php shows these profiles changed: every instance forgets their cached poll versions. */
  'poll.changed': { kinds: ('likes' | 'chats')[]; profileIds: number[] };
  /** A site's settings changed or a site was created (staff console): every instance forgets its cached sites. */
  'site.changed': { siteId: number };
  /** What visitors' pages may show of the member changed (the outbox's `member.shown`): kept pages are dropped. */
  'member.shown': { userId: number };
  /** Staff changed the ad networks (their keys decide what a page's cache key leaves out): every instance reads them again. */
  'traffic.networks-changed': Record<string, never>;
  /**
   * An event for the member sockets of these profiles, wherever they are connected (plugins/realtime). `eventId`: the
   * outbox event it delivers; an instance sends each id to its sockets once, however often the outbox delivers it.
   */
  realtime: { profileIds: number[]; event: SocketServerEvent; eventId?: string };
};
export type BusTopic = keyof BusEvents;
export type BusHandler<T extends BusTopic> = (payload: BusEvents[T]) => void;

export interface EventBus {
  /** Delivers to every subscriber on every instance, this one included, at most once each. */
  publish<T extends BusTopic>(topic: T, payload: BusEvents[T]): Promise<void>;
  /**
   * Runs `work`; what it publishes meanwhile (in its async context) goes out as one message when it ends, in order
   * (on Redis: one PUBLISH on `<prefix>bus:batch`), and receivers deliver each event as if published alone. A failed
   * publication rejects the batch. Used by the outbox: everything one commit announces is one Redis command.
   */
  batch<R>(work: () => Promise<R>): Promise<R>;
  /**
   * This instance hears the `realtime` events of this profile from now on (once the promise resolved): on Redis they
   * travel on per-member slot channels (`<prefix>rt:{slot}`, slotOf), and an instance subscribes only to the slots of
   * the members connected to it. Counted: each listen is undone by one `unlisten`.
   */
  listen(profileId: number): Promise<void>;
  unlisten(profileId: number): void;
  /** Returns the unsubscribe function. */
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void;
  /**
   * False while this instance may be missing events (its Redis subscription is down): a cache kept fresh
   * by the bus must not answer from memory then.
   */
  isLive(): boolean;
  /** Calls `handler` when the bus is live again after a gap in which events may have been lost. */
  onResync(handler: () => void): () => void;
  /** Calls `handler` when the bus stops being live (Redis unreachable): realtime then sends its members to polling. */
  onLost(handler: () => void): () => void;
  close(): Promise<void>;
}

type ErrorLogger = (error: unknown, context: string) => void;

/** Realtime events travel on this many per-member channels (docs/chat-scaling.md, "Past one Redis"). */
export const REALTIME_SLOTS = 1024;
/** The slot channel of a profile's realtime events. */
export const slotOf = (profileId: number) => ((profileId % REALTIME_SLOTS) + REALTIME_SLOTS) % REALTIME_SLOTS;
type Published = { topic: BusTopic; payload: unknown };
/** The topic of a batch (bus.batch): its payload is the list of events, each delivered under its own topic. */
const BATCH_TOPIC = 'batch';

/** Runs `work` collecting what it publishes, then hands the list to `flush` (nothing when it published nothing). */
async function runBatch<R>(
  batches: AsyncLocalStorage<Published[]>,
  work: () => Promise<R>,
  flush: (events: Published[]) => Promise<void>,
): Promise<R> {
  const events: Published[] = [];
  const result = await batches.run(events, work);
  if (events.length) await flush(events);
  return result;
}

function deliver(handlers: EventEmitter, topic: string, payload: unknown, onError: ErrorLogger) {
  for (const handler of handlers.listeners(topic)) {
    // One failing subscriber must not keep the event from the others.
    try {
      (handler as (payload: unknown) => void)(payload);
    } catch (error) {
      onError(error, `bus subscriber of ${topic}`);
    }
  }
}

/** A bus for one process: the default without REDIS_URL (one instance, nothing to share). */
export function createInProcessBus(options: { onError: ErrorLogger }): EventBus {
  const handlers = new EventEmitter().setMaxListeners(0);
  const batches = new AsyncLocalStorage<Published[]>();
  // Asynchronous like Redis delivery, so callers never depend on handlers having run when publish returns.
  const send = (events: Published[]) => {
    const copy = structuredClone(events);
    setImmediate(() => {
      for (const event of copy) deliver(handlers, event.topic, event.payload, options.onError);
    });
  };
  return {
    async publish(topic, payload) {
      const batch = batches.getStore();
      if (batch) batch.push({ topic, payload });
      else send([{ topic, payload }]);
    },
    batch: (work) => runBatch(batches, work, async (events) => send(events)),
    // One process hears everything it publishes: nothing to subscribe to.
    listen: async () => undefined,
    unlisten: () => undefined,
    subscribe(topic, handler) {
      handlers.on(topic, handler);
      return () => handlers.off(topic, handler);
    },
    // One process loses nothing.
    isLive: () => true,
    onResync: () => () => undefined,
    onLost: () => () => undefined,
    async close() {
      handlers.removeAllListeners();
    },
  };
}

/** What travels on a channel: the payload, and when it was published (for the lag metric). */
type Envelope = { sentAt: number; payload: unknown };

/**
 * PUBLISH of each (channel, message) pair in ARGV, as one command: a send reaches both members' slot channels and the
 * broadcast channel with one command instead of a pipeline of three. Outside Redis Cluster only: sharded channels of
 * different slots live on different shards there.
 */
const PUBLISH_ALL_LUA = `
local receivers = 0
for i = 1, #ARGV, 2 do
  receivers = receivers + redis.call('PUBLISH', ARGV[i], ARGV[i + 1])
end
return receivers
`;
type PublishAll = { busPublishAll(numberOfKeys: 0, ...channelsAndMessages: string[]): Promise<number> };

/**
 * A bus over Redis pub/sub. Publishing uses the shared command connection; subscribing needs a
 * connection of its own (a subscribed Redis connection accepts no other commands), duplicated from it.
 * Channels are `<prefix>bus:<topic>`, so apps and test runs sharing one Redis stay apart.
 */
export async function createRedisBus(options: {
  /** A single Redis, or a Redis Cluster: slot channels are then sharded channels (SSUBSCRIBE / SPUBLISH). */
  redis: RedisClient;
  keyPrefix: string;
  onError: ErrorLogger;
  /** Seconds from an event's publication (the publisher's clock) to its arrival here: the bus's lag (metrics). */
  onLag?: (seconds: number) => void;
}): Promise<EventBus> {
  const { redis, keyPrefix, onError, onLag } = options;
  const channelPrefix = `${keyPrefix}bus:`;
  // The braces make the slot a hash tag: on a Redis Cluster each slot channel lives on one shard.
  const slotPrefix = `${keyPrefix}rt:`;
  const slotChannel = (slot: number) => `${slotPrefix}{${slot}}`;
  /** Listeners per slot on this instance, and the subscription of each slot listened to. */
  const slotListeners = new Map<number, number>();
  const slotSubscriptions = new Map<number, Promise<void>>();
  // On a cluster, classic pub/sub reaches every node (the broadcast topics); a slot channel is a sharded channel,
  // published to and heard from the one shard its hash tag maps to.
  const { isCluster } = redis;
  if (!isCluster) redis.defineCommand('busPublishAll', { lua: PUBLISH_ALL_LUA });
  async function subscribeSlots(channels: string[]): Promise<void> {
    if (isCluster) await subscriber.ssubscribe(...channels);
    else await subscriber.subscribe(...channels);
  }
  async function unsubscribeSlot(channel: string): Promise<void> {
    if (isCluster) await subscriber.sunsubscribe(channel);
    else await subscriber.unsubscribe(channel);
  }
  const handlers = new EventEmitter().setMaxListeners(0);
  const resyncHandlers = new EventEmitter().setMaxListeners(0);
  const subscriber: RedisClient = redis.isCluster ? (redis as Cluster).duplicate() : (redis as Redis).duplicate();
  let isLive = false;
  subscriber.on('error', (error) => onError(error, 'redis bus subscriber'));
  // Pub/sub keeps nothing for a disconnected subscriber: whatever was published meanwhile is lost for it.
  for (const event of ['close', 'reconnecting', 'end'])
    subscriber.on(event, () => {
      if (!isLive) return;
      isLive = false;
      deliver(resyncHandlers, 'lost', undefined, onError);
    });
  const pattern = `${channelPrefix}*`;
  let hasSubscribed = false;
  subscriber.on('ready', () => {
    if (isLive || !hasSubscribed) return;
    // ioredis subscribes again by itself after a reconnect; asking once more (idempotent) tells us when it holds.
    Promise.all([
      subscriber.psubscribe(pattern),
      slotSubscriptions.size ? subscribeSlots([...slotSubscriptions.keys()].map(slotChannel)) : undefined,
    ]).then(
      () => {
        isLive = true;
        deliver(resyncHandlers, 'resync', undefined, onError);
      },
      (error: unknown) => onError(error, 'redis bus resubscribe'),
    );
  });
  /** The envelope of a message, or undefined (logged) when it is not one. */
  function open(channel: string, message: string): Partial<Envelope> | undefined {
    let envelope: Partial<Envelope>;
    try {
      envelope = JSON.parse(message) as Partial<Envelope>;
    } catch (error) {
      onError(error, `bus message on ${channel}`);
      return undefined;
    }
    if (typeof envelope.sentAt !== 'number' || !('payload' in envelope)) {
      onError(new Error('not a bus envelope'), `bus message on ${channel}`);
      return undefined;
    }
    onLag?.(Math.max(0, Date.now() - envelope.sentAt) / 1000);
    return envelope;
  }
  // A slot channel carries a list of realtime events for the slot's members.
  subscriber.on(isCluster ? 'smessage' : 'message', (channel: string, message: string) => {
    if (!channel.startsWith(slotPrefix)) return;
    const envelope = open(channel, message);
    if (!envelope) return;
    if (!Array.isArray(envelope.payload)) {
      onError(new Error('a slot message is not a list'), `bus message on ${channel}`);
      return;
    }
    for (const payload of envelope.payload as unknown[]) deliver(handlers, 'realtime', payload, onError);
  });
  subscriber.on('pmessage', (_pattern: string, channel: string, message: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    const envelope = open(channel, message);
    if (!envelope) return;
    const topic = channel.slice(channelPrefix.length);
    if (topic !== BATCH_TOPIC) {
      deliver(handlers, topic, envelope.payload, onError);
      return;
    }
    if (!Array.isArray(envelope.payload)) {
      onError(new Error('a bus batch is not a list'), `bus message on ${channel}`);
      return;
    }
    for (const event of envelope.payload as { topic?: unknown; payload?: unknown }[])
      if (typeof event.topic === 'string' && event.topic !== BATCH_TOPIC)
        deliver(handlers, event.topic, event.payload, onError);
  });
  // Commands never wait for a connection (plugins/redis.plugin.ts): connect first.
  if (subscriber.status === 'wait') await subscriber.connect();
  // One pattern subscription for every topic: subscribers come and go without Redis round trips.
  await subscriber.psubscribe(pattern);
  hasSubscribed = true;
  isLive = subscriber.status === 'ready';
  const batches = new AsyncLocalStorage<Published[]>();
  const envelopeOf = (payload: unknown) => JSON.stringify({ sentAt: Date.now(), payload } satisfies Envelope);
  /**
   * Publishes events: realtime ones on the slot channels of their profiles (split by slot), the others on their
   * topic's channel (several as one `batch` message); more than one message goes out as one pipeline.
   */
  async function send(events: Published[]): Promise<void> {
    const broadcast: Published[] = [];
    const bySlot = new Map<number, BusEvents['realtime'][]>();
    for (const event of events) {
      if (event.topic !== 'realtime') {
        broadcast.push(event);
        continue;
      }
      const payload = event.payload as BusEvents['realtime'];
      const idsBySlot = new Map<number, number[]>();
      for (const profileId of payload.profileIds) {
        const ids = idsBySlot.get(slotOf(profileId));
        if (ids) ids.push(profileId);
        else idsBySlot.set(slotOf(profileId), [profileId]);
      }
      for (const [slot, profileIds] of idsBySlot) {
        const list = bySlot.get(slot) ?? [];
        // Each slot's part is an event of its own for the receivers' once-only memory (an instance may hear both).
        const eventId =
          payload.eventId === undefined || idsBySlot.size === 1 ? payload.eventId : `${payload.eventId}@${slot}`;
        list.push(eventId === undefined ? { ...payload, profileIds } : { ...payload, profileIds, eventId });
        bySlot.set(slot, list);
      }
    }
    const messages: [channel: string, message: string][] = [];
    if (broadcast.length === 1)
      messages.push([`${channelPrefix}${broadcast[0]!.topic}`, envelopeOf(broadcast[0]!.payload)]);
    else if (broadcast.length > 1) messages.push([`${channelPrefix}${BATCH_TOPIC}`, envelopeOf(broadcast)]);
    for (const [slot, list] of bySlot) messages.push([slotChannel(slot), envelopeOf(list)]);
    const isSlot = (channel: string) => channel.startsWith(slotPrefix);
    if (isCluster) {
      // Sharded channels of different slots live on different shards: no pipeline across them.
      await Promise.all(
        messages.map(([channel, message]) =>
          isSlot(channel) ? redis.spublish(channel, message) : redis.publish(channel, message),
        ),
      );
      return;
    }
    if (messages.length === 1) await redis.publish(...messages[0]!);
    // Several messages (a send's broadcast events and each member's slot channel): one command (PUBLISH_ALL_LUA).
    else await (redis as Redis & PublishAll).busPublishAll(0, ...messages.flat());
  }
  return {
    async publish(topic, payload) {
      const batch = batches.getStore();
      if (batch) batch.push({ topic, payload });
      else await send([{ topic, payload }]);
    },
    batch: (work) => runBatch(batches, work, send),
    listen(profileId) {
      const slot = slotOf(profileId);
      slotListeners.set(slot, (slotListeners.get(slot) ?? 0) + 1);
      let subscription = slotSubscriptions.get(slot);
      if (!subscription) {
        subscription = subscribeSlots([slotChannel(slot)]).then(
          () => undefined,
          (error: unknown) => {
            if (slotSubscriptions.get(slot) === subscription) slotSubscriptions.delete(slot);
            throw error;
          },
        );
        slotSubscriptions.set(slot, subscription);
      }
      return subscription;
    },
    unlisten(profileId) {
      const slot = slotOf(profileId);
      const left = (slotListeners.get(slot) ?? 0) - 1;
      if (left > 0) {
        slotListeners.set(slot, left);
        return;
      }
      slotListeners.delete(slot);
      slotSubscriptions.delete(slot);
      unsubscribeSlot(slotChannel(slot)).catch((error: unknown) => onError(error, 'redis bus unsubscribe'));
    },
    subscribe(topic, handler) {
      handlers.on(topic, handler);
      return () => handlers.off(topic, handler);
    },
    isLive: () => isLive,
    onResync(handler) {
      resyncHandlers.on('resync', handler);
      return () => resyncHandlers.off('resync', handler);
    },
    onLost(handler) {
      resyncHandlers.on('lost', handler);
      return () => resyncHandlers.off('lost', handler);
    },
    async close() {
      handlers.removeAllListeners();
      resyncHandlers.removeAllListeners();
      isLive = false;
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
