// One Redis connection for the whole app (`app.redis`, null without REDIS_URL): rate limits and the event bus share it.
// With REDIS_CLUSTER=true it is a Redis Cluster client, seeded with REDIS_URL's node (docs/chat-scaling.md).
import fp from 'fastify-plugin';
import { Cluster, Redis } from 'ioredis';

/** A single Redis or a Redis Cluster (`isCluster` tells them apart). */
export type RedisClient = Redis | Cluster;

/**
 * A dead Redis must cost a request nothing (docs/operations.md, "Redis down"): while the connection is not ready a
 * command fails at once (no offline queue: nothing waits for a reconnect), and a command on a connection that stopped
 * answering fails after COMMAND_TIMEOUT_MS. Callers fall back (rate limits to the instance's memory, realtime to
 * polling); ioredis reconnects by itself, every 50 ms more up to 2 s, and everything is back once it answers.
 */
const COMMAND_TIMEOUT_MS = 500;
const FAIL_FAST = { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: COMMAND_TIMEOUT_MS } as const;

/** Whether a Redis client can take commands now (a cluster: its connection to the cluster is ready). */
export function isRedisReady(redis: RedisClient): boolean {
  return redis.status === 'ready';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared command connection, or null when REDIS_URL is unset (everything then stays in-process). */
    redis: RedisClient | null;
    /** Prefix of every Redis key and channel of this app (REDIS_KEY_PREFIX). */
    redisKeyPrefix: string;
  }
}

export type RedisPluginOptions = { redisUrl?: string; isCluster?: boolean; redisKeyPrefix?: string };

/** A Redis Cluster client seeded with the node of `redisUrl` (its user, password and TLS apply to every node). */
function clusterClient(redisUrl: string): Cluster {
  const url = new URL(redisUrl);
  return new Cluster([{ host: url.hostname, port: Number(url.port || 6379) }], {
    lazyConnect: true,
    enableOfflineQueue: false,
    // Realtime events travel on sharded channels (SSUBSCRIBE / SPUBLISH): one subscriber per shard.
    shardedSubscribers: true,
    redisOptions: {
      ...FAIL_FAST,
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      tls: url.protocol === 'rediss:' ? {} : undefined,
    },
  });
}

/** Opens a connection and fails start-up with a message naming REDIS_URL when Redis does not answer. */
export async function connectRedis(
  redisUrl: string,
  onError: (error: Error) => void,
  options: { isCluster?: boolean } = {},
): Promise<RedisClient> {
  const redis: RedisClient = options.isCluster
    ? clusterClient(redisUrl)
    : new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false, ...FAIL_FAST });
  // Without a listener ioredis reports every reconnect attempt as an unhandled error event.
  redis.on('error', onError);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot connect to Redis (${(error as Error).message})`, { cause: error });
  }
  return redis;
}

export const redisPlugin = fp<RedisPluginOptions>(
  async (app, { redisUrl, isCluster = false, redisKeyPrefix = '' }) => {
    app.decorate('redisKeyPrefix', redisKeyPrefix);
    if (!redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = await connectRedis(redisUrl, (err) => app.log.warn({ err }, 'redis unavailable'), { isCluster });
    app.decorate<RedisClient | null>('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
