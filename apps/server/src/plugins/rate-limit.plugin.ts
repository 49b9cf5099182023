// Rate limiting, opt-in per route; counters live in Redis when REDIS_URL is set so instances share them.
import { createRequire } from 'node:module';
import fp from 'fastify-plugin';
import fastifyRateLimit, {
  normalizeIP,
  type FastifyRateLimitOptions,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RedisClient } from './redis.plugin.ts';
import { tooManyRequests } from '../lib/http-errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** RATE_LIMIT_FACTOR: every limit's max is multiplied by it (1 in production; benchmarks raise it). */
    rateLimitFactor: number;
  }
}

export type RateLimitPluginOptions = {
  /** RATE_LIMIT_FACTOR (default 1). */
  factor?: number;
};

type StoreParams = {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  routeInfo?: { method?: string; url?: string };
};
type RedisStoreConstructor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: RedisClient,
  key: string,
) => { key: string; redis: RedisClient };
// The library's Redis store is not exported by name; its file is part of the published package.
const LibraryRedisStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/RedisStore.js',
) as RedisStoreConstructor;

/**
 * The library's Redis store, with one difference: a limiter made with `createRateLimit` has no route, and the
 * library would name its keys `<prefix>undefinedundefined-<key>`. Route limits keep `<prefix><METHOD><url>-<key>`;
 * route-less ones (our named hooks, whose keys start with their name) get `<prefix><key>`.
 */
class RouteNamedRedisStore extends LibraryRedisStore {
  child(params: StoreParams) {
    const route = params.routeInfo?.method ? `${params.routeInfo.method}${params.routeInfo.url}-` : '';
    return new RouteNamedRedisStore(
      params.continueExceeding,
      params.exponentialBackoff,
      this.redis,
      `${this.key}${route}`,
    );
  }
}

function redisStore(redis: RedisClient, nameSpace: string): FastifyRateLimitStoreCtor {
  // The plugin constructs a custom store with its global parameters only: bind the connection and name space here.
  return class {
    constructor(options: FastifyRateLimitOptions) {
      // The library hands its merged global parameters, which carry these two (typed on the route options only).
      const params = options as FastifyRateLimitOptions & Partial<StoreParams>;
      return new RouteNamedRedisStore(
        params.continueExceeding ?? false,
        params.exponentialBackoff ?? false,
        redis,
        nameSpace,
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

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

/** Waits longer than this are said in minutes. */
const LONG_WAIT_SECONDS = 120;

function buildErrorResponse(code: string) {
  return (_request: FastifyRequest, context: { ttl: number }) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    const minutes = Math.ceil(seconds / 60);
    // A long wait reads in minutes ("try again in 45 minutes", not "in 2700 seconds"): the same code, with the
    // i18next context that picks the rate_limited_minutes_* messages.
    if (code === 'rate_limited' && seconds > LONG_WAIT_SECONDS)
      return tooManyRequests(code, { count: minutes, minutes, context: 'minutes' });
    return tooManyRequests(code, { count: seconds, minutes });
  };
}

function toLibraryOptions(rule: RateLimitRule): RateLimitOptions {
  const key = rule.key ?? 'ip';
  return {
    // Read per request: the factor is the app's configuration, and these options are made before any app exists.
    max: (request: FastifyRequest) => Math.max(1, Math.round(rule.max * (request.server.rateLimitFactor ?? 1))),
    timeWindow: rule.timeWindow,
    errorResponseBuilder: buildErrorResponse(rule.code ?? 'rate_limited'),
    // A key function usually reads the body, which exists only after parsing and validation;
    // a per-IP limit runs first thing, before the body is even read.
    ...(key === 'ip' ? { hook: 'onRequest' as const } : { hook: 'preHandler' as const, keyGenerator: key }),
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
export function rateLimitHook(
  app: FastifyInstance,
  rule: RateLimitRule & { name: string },
): preHandlerAsyncHookHandler {
  return rateLimitHooks(app, [rule]);
}

/**
 * Several limits as one route hook, checked at once (one Redis round trip instead of one per limit): each counts the
 * request, and the first that is exceeded refuses it. For a hot route with limits per member and per address.
 */
export function rateLimitHooks(
  app: FastifyInstance,
  rules: readonly (RateLimitRule & { name: string })[],
): preHandlerAsyncHookHandler {
  const limits = rules.map((rule) => {
    const key = rule.key ?? 'ip';
    return {
      check: app.createRateLimit({
        ...toLibraryOptions(rule),
        keyGenerator: async (request: FastifyRequest) =>
          `${rule.name}:${key === 'ip' ? normalizeIP(request.ip) : await key(request)}`,
      }),
      respond: buildErrorResponse(rule.code ?? 'rate_limited'),
    };
  });
  return async (request, reply) => {
    const results = await Promise.all(limits.map(({ check }) => check(request)));
    for (const [index, result] of results.entries()) {
      if (result.isAllowed || !result.isExceeded) continue;
      reply.header('retry-after', result.ttlInSeconds);
      throw limits[index]!.respond(request, { ttl: result.ttl });
    }
  };
}

export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, { factor = 1 }) => {
    app.decorate('rateLimitFactor', factor);
    // Counters live in the app's shared Redis connection when there is one (plugins/redis.plugin.ts).
    const { redis, redisKeyPrefix } = app;
    await app.register(fastifyRateLimit, {
      global: false,
      // A Redis outage must not take the whole API down: requests pass uncounted until it is back.
      skipOnError: true,
      ...(redis ? { store: redisStore(redis, `${redisKeyPrefix}ratelimit:`) } : {}),
      errorResponseBuilder: buildErrorResponse('rate_limited'),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
