// One Redis connection for the whole app (`app.redis`, null without REDIS_URL): rate limits and the event bus share it.
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared command connection, or null when REDIS_URL is unset (everything then stays in-process). */
    redis: Redis | null;
    /** Prefix of every Redis key and channel of this app (REDIS_KEY_PREFIX). */
    redisKeyPrefix: string;
  }
}

export type RedisPluginOptions = { redisUrl?: string; redisKeyPrefix?: string };

/** Opens a connection and fails start-up with a message naming REDIS_URL when Redis does not answer. */
export async function connectRedis(redisUrl: string, onError: (error: Error) => void): Promise<Redis> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
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
  async (app, { redisUrl, redisKeyPrefix = '' }) => {
    app.decorate('redisKeyPrefix', redisKeyPrefix);
    if (!redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = await connectRedis(redisUrl, (err) => app.log.warn({ err }, 'redis unavailable'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
