// Rate limiting, opt-in per route; counters live in Redis when REDIS_URL is set so instances share them.
import fp from 'fastify-plugin';
import fastifyRateLimit, {
  normalizeIP,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { createRequire } from 'node:module';
import { isRedisReady, type RedisClient } from './redis.plugin.ts';
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
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string; url?: string };
};
type IncrementCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Counts one request against each key in KEYS, the window of KEYS[i] being ARGV[i] milliseconds from its first
 * request (INCR, then PEXPIRE on the first, PTTL after: @fastify/rate-limit's own Redis store counts so). A counter
 * found without an expiry (which nothing here leaves) gets its window again rather than refusing for ever.
 * Answers {current, ttl} per key.
 */
const INCREMENT_LUA = `
local results = {}
for i, key in ipairs(KEYS) do
  local current = redis.call('INCR', key)
  local ttl = -1
  if current > 1 then ttl = redis.call('PTTL', key) end
  if ttl < 0 then
    ttl = tonumber(ARGV[i])
    redis.call('PEXPIRE', key, ttl)
  end
  results[i] = {current, ttl}
end
return results
`;
type IncrementCommand = {
  rateLimitIncrement(numberOfKeys: number, ...keysAndWindows: (string | number)[]): Promise<[number, number][]>;
};

/**
 * The counters' increments, gathered until the running code has finished (`process.nextTick`) and sent as one
 * command: a chat send's limits per member and per address, and whatever other requests counted in the same turn of
 * the event loop. On Redis Cluster one command per counter (keys of different hash slots cannot share a script).
 */
function incrementBatcher(redis: RedisClient) {
  redis.defineCommand('rateLimitIncrement', { lua: INCREMENT_LUA });
  const command = redis as RedisClient & IncrementCommand;
  type Pending = { key: string; timeWindow: number; callback: IncrementCallback };
  let pending: Pending[] = [];
  const send = (batch: Pending[]) =>
    command
      .rateLimitIncrement(batch.length, ...batch.map(({ key }) => key), ...batch.map(({ timeWindow }) => timeWindow))
      .then(
        (results) =>
          batch.forEach(({ callback }, index) =>
            callback(null, { current: results[index]![0], ttl: results[index]![1] }),
          ),
        (error: Error) => batch.forEach(({ callback }) => callback(error)),
      );
  const flush = () => {
    const batch = pending;
    pending = [];
    if (redis.isCluster) for (const entry of batch) void send([entry]);
    else void send(batch);
  };
  return (entry: Pending) => {
    pending.push(entry);
    if (pending.length === 1) process.nextTick(flush);
  };
}

/** @fastify/rate-limit's own in-memory store (an LRU of windows), which it uses without Redis. */
type LocalStore = { incr(key: string, callback: IncrementCallback, timeWindow: number, max: number): void };
const LocalStoreCtor = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => LocalStore;
/** Keys the fallback keeps per instance while Redis is away (the library's default for its own store). */
const FALLBACK_KEYS = 5000;

/**
 * The counters in Redis, through @fastify/rate-limit's store interface (`incr`, `child`). While Redis cannot answer
 * (not connected, or a command failed or timed out) each limit counts in this instance's memory instead: limits stay
 * on (per instance) rather than switching off, and the Redis counters take over again once it answers. Keys: route limits
 * `<prefix><METHOD><url>-<key>`, route-less ones (our named hooks, whose keys start with their name) `<prefix><key>`.
 * Written here rather than taken from the library because the library's store sends one command per counter.
 */
class BatchingRedisStore {
  private readonly increment: ReturnType<typeof incrementBatcher>;
  private readonly key: string;
  private readonly redis: RedisClient;
  private readonly fallback: LocalStore;

  constructor(increment: ReturnType<typeof incrementBatcher>, key: string, redis: RedisClient, fallback: LocalStore) {
    this.increment = increment;
    this.key = key;
    this.redis = redis;
    this.fallback = fallback;
  }

  incr(key: string, callback: IncrementCallback, timeWindow: number, max: number): void {
    const fullKey = this.key + key;
    if (!isRedisReady(this.redis)) {
      this.fallback.incr(fullKey, callback, timeWindow, max);
      return;
    }
    this.increment({
      key: fullKey,
      timeWindow,
      callback: (error, result) => {
        if (error) this.fallback.incr(fullKey, callback, timeWindow, max);
        else callback(null, result);
      },
    });
  }

  child(params: StoreParams): BatchingRedisStore {
    // Neither is offered by this plugin's rules; the script above implements only the plain window.
    if (params.continueExceeding || params.exponentialBackoff)
      throw new Error('rate limits: continueExceeding and exponentialBackoff are not supported');
    const route = params.routeInfo?.method ? `${params.routeInfo.method}${params.routeInfo.url}-` : '';
    return new BatchingRedisStore(this.increment, `${this.key}${route}`, this.redis, this.fallback);
  }
}

function redisStore(redis: RedisClient, nameSpace: string): FastifyRateLimitStoreCtor {
  const increment = incrementBatcher(redis);
  const fallback = new LocalStoreCtor(false, false, FALLBACK_KEYS);
  // The plugin constructs a custom store with its global parameters only: bind the connection and name space here.
  return class {
    constructor() {
      return new BatchingRedisStore(increment, nameSpace, redis, fallback);
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

/**
 * The counter key of a per-address limit: the client address (IPv6 per /64 network). A request whose client has
 * already disconnected has no address any more (`request.ip` reads the closed socket's and answers undefined): such
 * requests count together in one bucket of their own, so hanging up early escapes no limit, and nothing throws (the
 * library's own key generator threw a TypeError, logged as an unhandled error).
 */
export function addressKey(request: FastifyRequest): string {
  const ip = request.ip;
  return typeof ip === 'string' && ip !== '' ? normalizeIP(ip) : GONE_CLIENT_KEY;
}

/** The per-address key of every request whose client had gone when its limit was checked. */
export const GONE_CLIENT_KEY = 'gone-client';

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
    ...(key === 'ip'
      ? { hook: 'onRequest' as const, keyGenerator: addressKey }
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
export function rateLimitHook(
  app: FastifyInstance,
  rule: RateLimitRule & { name: string },
): preHandlerAsyncHookHandler {
  return rateLimitHooks(app, [rule]);
}

/**
 * Several limits as one route hook, checked at once (one Redis command for all of them, see `incrementBatcher`): each
 * counts the request, and the first that is exceeded refuses it. For a hot route with limits per member and per address.
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
          `${rule.name}:${key === 'ip' ? addressKey(request) : await key(request)}`,
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
      // The Redis store falls back to this instance's memory while Redis is away, so limits hold; an error of the
      // store itself (none is expected) lets the request through rather than failing it.
      skipOnError: true,
      ...(redis ? { store: redisStore(redis, `${redisKeyPrefix}ratelimit:`) } : {}),
      errorResponseBuilder: buildErrorResponse('rate_limited'),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
