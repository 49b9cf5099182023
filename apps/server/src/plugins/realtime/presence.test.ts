import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { PRESENCE_TTL_MS, createLocalPresence, createRedisPresence, type Presence } from './presence.ts';

function behaves(name: string, make: (now: () => number) => Presence[]) {
  describe(name, () => {
    it('knows who has a live socket and which conversation each shows, on any instance, until the socket goes or fades', async () => {
      let time = 1_000_000;
      const [here, there] = make(() => time);
      await here!.set({ profileId: 1, socketId: 'a', conversationId: null });
      await there!.set({ profileId: 1, socketId: 'b', conversationId: 7 });
      expect(await here!.isOnline(1)).toBe(true);
      expect(await here!.isOnline(2)).toBe(false);
      expect(await here!.isViewing(1, 7)).toBe(true);
      expect(await here!.isViewing(1, 8)).toBe(false);

      await there!.remove({ profileId: 1, socketId: 'b' });
      expect(await here!.isViewing(1, 7)).toBe(false);
      expect(await there!.isOnline(1)).toBe(true);

      // An instance that died without removing its sockets: they fade once no heartbeat refreshes them.
      time += PRESENCE_TTL_MS - 1;
      await here!.refresh([]);
      expect(await there!.isOnline(1)).toBe(true);
      time += 2;
      expect(await there!.isOnline(1)).toBe(false);
    });
  });
}

// One process: both "instances" are the same map (a single instance sees every socket).
behaves('local presence', (now) => {
  const presence = createLocalPresence(now);
  return [presence, presence];
});

const redisUrl = process.env.REDIS_URL;
const connections: Redis[] = [];
afterAll(() => {
  for (const redis of connections) redis.disconnect();
});
if (redisUrl) {
  behaves('Redis presence, two instances sharing one Redis (runs when REDIS_URL is set)', (now) => {
    const prefix = `test:presence:${randomUUID()}:`;
    return [0, 1].map(() => {
      const redis = new Redis(redisUrl);
      connections.push(redis);
      return createRedisPresence(redis, prefix, now);
    });
  });
}
