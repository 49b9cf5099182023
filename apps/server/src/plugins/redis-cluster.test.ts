// The app on a Redis Cluster of three primaries (REDIS_CLUSTER=true): broadcast topics reach every instance, realtime
// events travel on sharded slot channels (SSUBSCRIBE / SPUBLISH) spread over the shards, and rate limits, presence and
// member sockets work as on one Redis. The test starts the cluster itself from the machine's redis-server.
import { randomUUID } from 'node:crypto';
import { Redis, type Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRedisBus, slotOf, type BusEvents, type EventBus } from './bus/bus.ts';
import { connectRedis } from './redis.plugin.ts';
import { buildTestApp, type TestApp } from '../test-support/test-app.ts';
import { createMember } from '../test-support/members.ts';
import { hasRedisServer, startRedisCluster, type RedisCluster } from '../test-support/redis-cluster.ts';
import { connect, listen, type TestSocket } from '../test-support/sockets.ts';

const canStart = await hasRedisServer();

describe.skipIf(!canStart)('on a Redis Cluster of three nodes (needs redis-server)', () => {
  let cluster: RedisCluster;
  const closers: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    cluster = await startRedisCluster(3);
  }, 60_000);
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await cluster?.stop();
  });

  async function clusterBus(keyPrefix: string): Promise<EventBus> {
    const redis = await connectRedis(cluster.url, () => undefined, { isCluster: true });
    const bus = await createRedisBus({ redis, keyPrefix, onError: () => undefined });
    closers.push(
      () => bus.close(),
      () => redis.quit(),
    );
    return bus;
  }

  it('carries broadcast topics to every instance and realtime events on sharded slot channels to the listeners', async () => {
    const prefix = `test:cluster:${randomUUID()}:`;
    const a = await clusterBus(prefix);
    const b = await clusterBus(prefix);
    const heard: number[] = [];
    b.subscribe('realtime', ({ profileIds }) => heard.push(...profileIds));
    const listened = Array.from({ length: 30 }, (_, index) => index + 1);
    for (const profileId of listened) await b.listen(profileId);
    const changed = vi.fn();
    b.subscribe('member.changed', changed);
    const event: BusEvents['realtime']['event'] = { type: 'unread', unread_total: 2 };
    await a.batch(async () => {
      await a.publish('member.changed', { userId: 7 });
      // 40 profiles in 40 slots; b listens to the first 30 only.
      await a.publish('realtime', { profileIds: Array.from({ length: 40 }, (_, index) => index + 1), event });
    });
    await vi.waitFor(() => expect(heard).toHaveLength(listened.length));
    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith({ userId: 7 }));
    expect(heard.sort((x, y) => x - y)).toEqual(listened);

    // The slot channels really are sharded: each node serves some of them (PUBSUB SHARDNUMSUB answers per node).
    const perNode = await Promise.all(
      cluster.ports.map(async (port) => {
        const node = new Redis(port, '127.0.0.1');
        try {
          const channels = listened.map((profileId) => `${prefix}rt:{${slotOf(profileId)}}`);
          const counts = (await node.call('pubsub', 'shardnumsub', ...channels)) as (string | number)[];
          let subscribed = 0;
          for (let index = 1; index < counts.length; index += 2) subscribed += Number(counts[index]) > 0 ? 1 : 0;
          return subscribed;
        } finally {
          node.disconnect();
        }
      }),
    );
    expect(perNode.filter((count) => count > 0).length).toBe(3);
    expect(perNode.reduce((sum, count) => sum + count, 0)).toBe(listened.length);
  });

  it('runs the app on it: sockets hear messages, presence knows who is online, rate limits count there', async () => {
    const first: TestApp = await buildTestApp({ redisUrl: cluster.url, redisCluster: true });
    closers.push(() => first.close());
    expect((first.redis as Cluster).isCluster).toBe(true);
    // With a shared PostgreSQL, a second instance: the message crosses from one instance to the other.
    const second: TestApp = process.env.TEST_DATABASE_URL
      ? await buildTestApp({
          redisUrl: cluster.url,
          redisCluster: true,
          redisKeyPrefix: first.appConfig.redisKeyPrefix,
        })
      : first;
    if (second !== first) closers.push(() => second.close());
    const secondHost = await listen(second);
    const alice = await createMember(first);
    const bob = await createMember(first);
    const sockets: TestSocket[] = [];
    closers.push(async () => sockets.forEach((socket) => socket.socket.terminate()));
    const bobSocket = await connect(secondHost, bob.client.cookie);
    sockets.push(bobSocket);
    await bobSocket.next((event) => event.type === 'hello');
    expect(await first.realtime.isOnline(bob.profileId)).toBe(true);
    const sent = await alice.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: bob.profileId, client_id: randomUUID(), text: 'over the cluster' },
    });
    expect(sent.statusCode).toBe(200);
    expect(await bobSocket.next((event) => event.type === 'message')).toMatchObject({
      message: { body: 'over the cluster' },
    });
    // The send's rate limits counted on the cluster (their keys live on whichever shard their hash maps to).
    const limitKeys = await Promise.all(
      (first.redis as Cluster).nodes('master').map((node) => node.keys(`${first.appConfig.redisKeyPrefix}ratelimit:*`)),
    );
    expect(limitKeys.flat().length).toBeGreaterThanOrEqual(2);
  });
});
