// Presence across instances: which members have a live socket, and which conversation each socket has open, so
// notifications are not pushed or mailed for what the member is looking at (docs/notifications.md).
// In-process without Redis (one instance sees every socket); with Redis one hash per profile, one field per socket,
// each field carrying its own expiry so a crashed instance's sockets fade out on their own.
import type { RedisClient } from '../redis.plugin.ts';

/** A socket's entry lives this long past its last refresh (refreshed at every heartbeat, HEARTBEAT_MS). */
export const PRESENCE_TTL_MS = 75_000;

export type PresenceEntry = { profileId: number; socketId: string; conversationId: number | null };

export type Presence = {
  /** The socket is live and has `conversationId` open (null: none). */
  set(entry: PresenceEntry): Promise<void>;
  /** Sockets still live: their entries stay fresh. */
  refresh(entries: PresenceEntry[]): Promise<void>;
  remove(entry: Pick<PresenceEntry, 'profileId' | 'socketId'>): Promise<void>;
  /** Whether the member has a live socket on any instance. */
  isOnline(profileId: number): Promise<boolean>;
  /** Whether one of the member's live sockets, on any instance, has this conversation open. */
  isViewing(profileId: number, conversationId: number): Promise<boolean>;
};

type Value = { c: number | null; e: number };

export function createLocalPresence(now: () => number = Date.now): Presence {
  const byProfile = new Map<number, Map<string, Value>>();
  const live = (profileId: number) =>
    [...(byProfile.get(profileId)?.values() ?? [])].filter((value) => value.e > now());
  const put = (entry: PresenceEntry) => {
    let sockets = byProfile.get(entry.profileId);
    if (!sockets) byProfile.set(entry.profileId, (sockets = new Map()));
    sockets.set(entry.socketId, { c: entry.conversationId, e: now() + PRESENCE_TTL_MS });
  };
  return {
    async set(entry) {
      put(entry);
    },
    async refresh(entries) {
      for (const entry of entries) put(entry);
    },
    async remove({ profileId, socketId }) {
      const sockets = byProfile.get(profileId);
      sockets?.delete(socketId);
      if (sockets?.size === 0) byProfile.delete(profileId);
    },
    isOnline: async (profileId) => live(profileId).length > 0,
    isViewing: async (profileId, conversationId) => live(profileId).some((value) => value.c === conversationId),
  };
}

export function createRedisPresence(redis: RedisClient, keyPrefix: string, now: () => number = Date.now): Presence {
  const key = (profileId: number) => `${keyPrefix}presence:${profileId}`;
  const encode = (entry: PresenceEntry): string =>
    JSON.stringify({ c: entry.conversationId, e: now() + PRESENCE_TTL_MS } satisfies Value);
  async function live(profileId: number): Promise<Value[]> {
    const fields = await redis.hgetall(key(profileId));
    const values: Value[] = [];
    const expired: string[] = [];
    for (const [socketId, field] of Object.entries(fields)) {
      let value: Value | undefined;
      try {
        value = JSON.parse(field) as Value;
      } catch {
        // A field this version cannot read counts as absent.
      }
      if (value && value.e > now()) values.push(value);
      else expired.push(socketId);
    }
    // Sockets of an instance that died without saying goodbye.
    if (expired.length) await redis.hdel(key(profileId), ...expired);
    return values;
  }
  return {
    async set(entry) {
      await redis
        .multi()
        .hset(key(entry.profileId), entry.socketId, encode(entry))
        .pexpire(key(entry.profileId), PRESENCE_TTL_MS)
        .exec();
    },
    async refresh(entries) {
      if (entries.length === 0) return;
      // A Redis Cluster pipelines only keys of one hash slot: there each member's key is refreshed on its own.
      if (redis.isCluster) {
        await Promise.all(
          entries.map((entry) =>
            redis
              .multi()
              .hset(key(entry.profileId), entry.socketId, encode(entry))
              .pexpire(key(entry.profileId), PRESENCE_TTL_MS)
              .exec(),
          ),
        );
        return;
      }
      const pipeline = redis.pipeline();
      for (const entry of entries)
        pipeline
          .hset(key(entry.profileId), entry.socketId, encode(entry))
          .pexpire(key(entry.profileId), PRESENCE_TTL_MS);
      await pipeline.exec();
    },
    async remove({ profileId, socketId }) {
      await redis.hdel(key(profileId), socketId);
    },
    isOnline: async (profileId) => (await live(profileId)).length > 0,
    isViewing: async (profileId, conversationId) => (await live(profileId)).some((value) => value.c === conversationId),
  };
}
