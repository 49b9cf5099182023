// Rate limiting, opt-in per route; counters live in Redis when REDIS_URL is set so instances share them.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/http-errors.ts';

export const rateLimitPlugin = fp<{ redisUrl?: string }>(
  async (app, { redisUrl }) => {
    const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false }) : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'ratelimit:' } : {}),
      errorResponseBuilder: (_request, context) => tooManyRequests('rate_limited', { count: Math.ceil(context.ttl / 1000) }),
    });
  },
  { name: 'rate-limit' },
);
