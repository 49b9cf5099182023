import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInProcessBus, createRedisBus, slotOf, type BusEvents, type EventBus } from './bus.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Resolves with the next payload of `topic` the bus delivers, or rejects after `ms`. */
function nextEvent<T extends keyof BusEvents>(bus: EventBus, topic: T, ms = 2000): Promise<BusEvents[T]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${topic} event within ${ms} ms`));
    }, ms);
    const stop = bus.subscribe(topic, (payload) => {
      clearTimeout(timer);
      stop();
      resolve(payload);
    });
  });
}

describe('in-process bus', () => {
  it('delivers to every subscriber of the topic, after publish returned, and not after unsubscribing', async () => {
    const bus = createInProcessBus({ onError: () => undefined });
    const first = vi.fn();
    const second = vi.fn();
    const other = vi.fn();
    const stopFirst = bus.subscribe('member.changed', first);
    bus.subscribe('member.changed', second);
    bus.subscribe('session.revoked', other);
    await bus.publish('member.changed', { userId: 7 });
    expect(first).not.toHaveBeenCalled();
    await new Promise((resolve) => setImmediate(resolve));
    expect(first).toHaveBeenCalledWith({ userId: 7 });
    expect(second).toHaveBeenCalledWith({ userId: 7 });
    expect(other).not.toHaveBeenCalled();
    stopFirst();
    await bus.publish('member.changed', { userId: 8 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('sends what a batch published when it ends, each under its own topic, in order', async () => {
    const bus = createInProcessBus({ onError: () => undefined });
    const seen: string[] = [];
    bus.subscribe('member.changed', ({ userId }) => seen.push(`member ${userId}`));
    bus.subscribe('poll.changed', ({ profileIds }) => seen.push(`poll ${profileIds.join()}`));
    await bus.batch(async () => {
      await bus.publish('member.changed', { userId: 1 });
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen).toEqual([]);
      await bus.publish('poll.changed', { kinds: ['chats'], profileIds: [2, 3] });
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['member 1', 'poll 2,3']);
  });

  it('keeps delivering to the other subscribers when one throws, and reports the error', async () => {
    const onError = vi.fn();
    const bus = createInProcessBus({ onError });
    const healthy = vi.fn();
    bus.subscribe('member.changed', () => {
      throw new Error('boom');
    });
    bus.subscribe('member.changed', healthy);
    await bus.publish('member.changed', { userId: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(healthy).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledOnce();
  });
});

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)('Redis bus (runs when REDIS_URL is set)', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function redisBus(keyPrefix: string): Promise<EventBus> {
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
    const bus = await createRedisBus({ redis, keyPrefix, onError: () => undefined });
    closers.push(
      () => redis.quit(),
      () => bus.close(),
    );
    return bus;
  }

  it('delivers an event published on one instance to the subscribers of another, and to itself', async () => {
    const prefix = `test:bus:${randomUUID()}:`;
    const a = await redisBus(prefix);
    const b = await redisBus(prefix);
    const onB = nextEvent(b, 'session.revoked');
    const onA = nextEvent(a, 'session.revoked');
    await a.publish('session.revoked', { userId: 42, sessionIds: [1, 2] });
    await expect(onB).resolves.toEqual({ userId: 42, sessionIds: [1, 2] });
    await expect(onA).resolves.toEqual({ userId: 42, sessionIds: [1, 2] });
  });

  it('sends a batch as one PUBLISH that another instance delivers event by event', async () => {
    const prefix = `test:bus:${randomUUID()}:`;
    const redis = new Redis(redisUrl as string, { maxRetriesPerRequest: 1 });
    const a = await createRedisBus({ redis, keyPrefix: prefix, onError: () => undefined });
    closers.push(
      () => redis.quit(),
      () => a.close(),
    );
    const b = await redisBus(prefix);
    const publish = vi.spyOn(redis, 'publish');
    const member = nextEvent(b, 'member.changed');
    const poll = nextEvent(b, 'poll.changed');
    await a.batch(async () => {
      await a.publish('member.changed', { userId: 9 });
      await a.publish('poll.changed', { kinds: ['likes'], profileIds: [4] });
    });
    await expect(member).resolves.toEqual({ userId: 9 });
    await expect(poll).resolves.toEqual({ kinds: ['likes'], profileIds: [4] });
    expect(publish).toHaveBeenCalledOnce();
    expect(publish.mock.calls[0]![0]).toBe(`${prefix}bus:batch`);
  });

  it('carries realtime events on the slot channels of their members: an instance hears the slots it listens to', async () => {
    const prefix = `test:bus:${randomUUID()}:`;
    const a = await redisBus(prefix);
    const b = await redisBus(prefix);
    const heard: BusEvents['realtime'][] = [];
    b.subscribe('realtime', (payload) => heard.push(payload));
    await b.listen(1);
    await b.listen(2);
    const event = { type: 'unread', unread_total: 1 } as const;
    // Profiles 1 and 2 in two slots, 3 in a slot nobody listens to: one event, split by slot, with an id per part.
    await a.publish('realtime', { profileIds: [1, 2, 3], event, eventId: 'e1' });
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual(
      expect.arrayContaining([
        { profileIds: [1], event, eventId: `e1@${slotOf(1)}` },
        { profileIds: [2], event, eventId: `e1@${slotOf(2)}` },
      ]),
    );
    // Listening is counted: the slot is left after the last unlisten.
    await b.listen(1);
    b.unlisten(1);
    b.unlisten(2);
    await a.publish('realtime', { profileIds: [1], event });
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    b.unlisten(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await a.publish('realtime', { profileIds: [1, 2], event });
    await a.publish('member.changed', { userId: 1 });
    await nextEvent(b, 'member.changed');
    expect(heard).toHaveLength(3);
  });

  it('keeps apps with different key prefixes apart', async () => {
    const a = await redisBus(`test:bus:${randomUUID()}:`);
    const b = await redisBus(`test:bus:${randomUUID()}:`);
    const heard = vi.fn();
    b.subscribe('member.changed', heard);
    const onA = nextEvent(a, 'member.changed');
    await a.publish('member.changed', { userId: 1 });
    await onA;
    // Published after a's event, on b's own prefix: Redis delivers in order, so once b heard it, a's would have come.
    const onB = nextEvent(b, 'member.changed');
    await b.publish('member.changed', { userId: 2 });
    await onB;
    expect(heard.mock.calls).toEqual([[{ userId: 2 }]]);
  });

  it('connects two app instances on one Redis: app.bus of one reaches the other', async () => {
    const first: TestApp = await buildTestApp();
    closers.push(() => first.close());
    const second: TestApp = await buildTestApp({ redisKeyPrefix: first.appConfig.redisKeyPrefix });
    closers.push(() => second.close());
    const received = nextEvent(second.bus, 'member.changed');
    await first.bus.publish('member.changed', { userId: 5 });
    await expect(received).resolves.toEqual({ userId: 5 });
    // The receiving instance measured how long the event took (bus_lag_seconds, docs/operations.md).
    expect(await second.metrics.text()).toMatch(/^bus_lag_seconds_count [1-9]/m);
  });
});

describe('app.bus without REDIS_URL', () => {
  it('is the in-process bus', async () => {
    const app = await buildTestApp({ redisUrl: undefined });
    try {
      expect(app.redis).toBeNull();
      const received = nextEvent(app.bus, 'member.changed');
      await app.bus.publish('member.changed', { userId: 3 });
      await expect(received).resolves.toEqual({ userId: 3 });
    } finally {
      await app.close();
    }
  });
});
