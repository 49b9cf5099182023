// Rate limiting, opt-in per route; counters live in Redis when REDIS_URL is set so instances share them.
import fp from 'fastify-plugin';
import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/http-errors.ts';

export type RateLimitPluginOptions = {
  redisUrl?: string;
  /** Every counter key starts with this (then `ratelimit:`), so apps and test runs sharing a Redis stay apart. */
  redisKeyPrefix?: string;
};

/**
 * What a limit counts per: `'ip'` (the client address; IPv6 per /64 network), or a function of the
 * request returning any string, e.g. the e-mail address an attempt is made for.
 */
export type RateLimitKey = 'ip' | ((request: FastifyRequest) => string | Promise<string>);

export type RateLimitRule = {
  /** Requests allowed per window; the next one is refused with 429. */
  max: number;
  /** Window length: milliseconds or a duration such as '1 minute', '15 minutes', '1 day'. */
  timeWindow: number | string;
  /** Default 'ip'. */
  key?: RateLimitKey;
  /**
   * Error code of the refusal (an `errors:` i18n key), default `rate_limited`. The error's params
   * carry `count` (seconds until the window ends) and `minutes` (the same, rounded up to minutes).
   */
  code?: string;
};

function buildErrorResponse(code: string) {
  return (_request: FastifyRequest, context: { ttl: number }) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    return tooManyRequests(code, { count: seconds, minutes: Math.ceil(seconds / 60) });
  };
}

function toLibraryOptions(rule: RateLimitRule): RateLimitOptions {
  const key = rule.key ?? 'ip';
  return {
    max: rule.max,
    timeWindow: rule.timeWindow,
    errorResponseBuilder: buildErrorResponse(rule.code ?? 'rate_limited'),
    // A key function usually reads the body, which exists only after parsing and validation;
    // a per-IP limit runs first thing, before the body is even read.
    ...(key === 'ip'
      ? { hook: 'onRequest' as const }
      : { hook: 'preHandler' as const, keyGenerator: key }),
  };
}

/**
 * The route config of one limit. Counters are kept per route and per key.
 *
 *   app.post('/login.php', { config: { ...rateLimit({ max: 10, timeWindow: '1 minute' }) } }, handler);
 *   app.post('/reset.php', {
 *     config: { ...rateLimit({ max: 3, timeWindow: '1 day', key: (request) => `email:${emailOf(request)}`, code: 'too_many_reset_mails' }) },
 *   }, handler);
 *
 * A route needing a second limit (per IP and per account) adds `rateLimitHook` for the other one.
 */
export function rateLimit(rule: RateLimitRule): { rateLimit: RateLimitOptions } {
  return { rateLimit: toLibraryOptions(rule) };
}

/**
 * A further limit as a route hook: `preHandler: [rateLimitHook(app, { name: 'login-email', ... })]`.
 * `name` keeps its counters apart from every other limiter; a name used on several routes gives
 * them one shared counter per key (for example all password attempts for one account).
 */
export function rateLimitHook(app: FastifyInstance, rule: RateLimitRule & { name: string }): preHandlerAsyncHookHandler {
  const key = rule.key ?? 'ip';
  const check = app.createRateLimit({
    ...toLibraryOptions(rule),
    keyGenerator: async (request: FastifyRequest) => `${rule.name}:${key === 'ip' ? normalizeIP(request.ip) : await key(request)}`,
  });
  const respond = buildErrorResponse(rule.code ?? 'rate_limited');
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw respond(request, { ttl: result.ttl });
  };
}

export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, { redisUrl, redisKeyPrefix = '' }) => {
    let redis: Redis | undefined;
    if (redisUrl) {
      redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
      // Without a listener ioredis reports every reconnect attempt as an unhandled error event.
      redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limits) unavailable'));
      try {
        await redis.connect();
      } catch (error) {
        redis.disconnect();
        throw new Error(`REDIS_URL: cannot connect to Redis (${(error as Error).message})`, { cause: error });
      }
      const client = redis;
      app.addHook('onClose', async () => {
        await client.quit().catch(() => client.disconnect());
      });
    }
    await app.register(fastifyRateLimit, {
      global: false,
      // A Redis outage must not take the whole API down: requests pass uncounted until it is back.
      skipOnError: true,
      ...(redis ? { redis, nameSpace: `${redisKeyPrefix}ratelimit:` } : {}),
      errorResponseBuilder: buildErrorResponse('rate_limited'),
    });
  },
  { name: 'rate-limit' },
);
