// One Redis connection for the whole app (`app.redis`, null without REDIS_URL): rate limits and the event bus share it.
// With REDIS_CLUSTER=true it is a Redis Cluster client, seeded with REDIS_URL's node (docs/chat-scaling.md).
import fp from 'fastify-plugin';
import { Cluster, Redis } from 'ioredis';

/** A single Redis or a Redis Cluster (`isCluster` tells them apart). */
export type RedisClient = Redis | Cluster;

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
    // Realtime events travel on sharded channels (SSUBSCRIBE / SPUBLISH): one subscriber per shard.
    shardedSubscribers: true,
    redisOptions: {
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
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
    : new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
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
