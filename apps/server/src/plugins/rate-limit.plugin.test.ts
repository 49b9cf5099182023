import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { buildTestApp, clientHeaders, type TestApp } from '../test-support/test-app.ts';
import { rateLimit, rateLimitHook, rateLimitHooks } from './rate-limit.plugin.ts';

// Runs on the in-memory store, and on Redis when REDIS_URL is set (then the counters are checked in Redis too).
const redisUrl = process.env.REDIS_URL;
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/i18n/locales');

function readErrors(locale: string): Record<string, string> {
  const file = path.join(localesDir, locale, 'errors.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

function emailOf(request: FastifyRequest): string {
  return `email:${(request.body as { email: string }).email.trim().toLowerCase()}`;
}

const loginBody = z.object({ email: z.string() });

const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/test/once-a-second', { config: rateLimit({ max: 1, timeWindow: 1000 }) }, async () => ({ ok: true }));
  app.post(
    '/test/login',
    { config: rateLimit({ max: 2, timeWindow: '1 minute', key: emailOf }), schema: { body: loginBody } },
    async () => ({ ok: true }),
  );
  // Two limits on one route: per IP in the route config, per account in a hook shared with another route.
  const perAccount = rateLimitHook(app, {
    name: 'test-account',
    max: 3,
    timeWindow: '10 minutes',
    key: emailOf,
    code: 'test_account_locked',
  });
  app.post(
    '/test/password',
    { config: rateLimit({ max: 4, timeWindow: '1 minute' }), preHandler: perAccount, schema: { body: loginBody } },
    async () => ({ ok: true }),
  );
  app.post('/test/password-reset', { preHandler: perAccount, schema: { body: loginBody } }, async () => ({ ok: true }));
  app.get('/test/once-an-hour', { config: rateLimit({ max: 1, timeWindow: '1 hour' }) }, async () => ({ ok: true }));
  // Two limits checked together, as a chat send's (per member and per address).
  app.post(
    '/test/send',
    {
      preHandler: rateLimitHooks(app, [
        { name: 'test-send', max: 2, timeWindow: '1 minute', key: emailOf, code: 'test_sender_limited' },
        { name: 'test-send-ip', max: 3, timeWindow: '1 minute' },
      ]),
      schema: { body: loginBody },
    },
    async () => ({ ok: true }),
  );
};

describe(`rate limits (${redisUrl ? 'Redis' : 'in-memory'} store)`, () => {
  it('says a long wait in minutes, in the request language, with the same code', async () => {
    const app = await buildTestApp({}, { configure: (instance) => instance.register(testRoutes) });
    try {
      const ip = '203.0.113.77';
      expect((await app.inject({ url: '/test/once-an-hour', remoteAddress: ip })).statusCode).toBe(200);
      const refused = await app.inject({ url: '/test/once-an-hour', remoteAddress: ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        error: {
          code: 'rate_limited',
          message: 'Too many requests. Please try again in 60 minutes.',
          params: { count: 60 },
        },
      });
      const german = await app.inject({
        url: '/test/once-an-hour',
        remoteAddress: ip,
        cookies: { lang: 'de' },
      });
      expect(german.json().error.message).toBe('Zu viele Anfragen. Bitte versuche es in 60 Minuten erneut.');
    } finally {
      await app.close();
    }
  });

  let app: TestApp;
  let redis: Redis | undefined;

  beforeAll(async () => {
    app = await buildTestApp({}, { configure: (instance) => instance.register(testRoutes) });
    if (redisUrl) redis = new Redis(redisUrl);
  });
  afterAll(async () => {
    await app.close();
    if (redis) {
      // Closing the test app removes its counters.
      expect(await redis.keys(`${app.appConfig.redisKeyPrefix}*`)).toEqual([]);
      redis.disconnect();
    }
  });

  function beacon(remoteAddress: string, cookies?: Record<string, string>) {
    return app.inject({ method: 'POST', url: '/api/page-hidden.php', payload: {}, remoteAddress, cookies });
  }

  it('allows 30 page-hidden beacons a minute per address, refusing the 31st with 429', async () => {
    const address = '203.0.113.10';
    for (let i = 1; i <= 30; i++) {
      const response = await beacon(address);
      expect(response.statusCode, `request ${i}`).toBe(204);
    }
    const refused = await beacon(address);
    expect(refused.statusCode).toBe(429);
    // The seconds left of the minute: 60 unless the 31 requests took over a second.
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(30);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-limit']).toBe('30');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.json()).toEqual({
      error: {
        status: 429,
        code: 'rate_limited',
        params: { count: seconds, minutes: 1 },
        message: readErrors('en').rate_limited_other!.replace('{{count}}', String(seconds)),
      },
    });
    // Another address has its own counter.
    expect((await beacon('203.0.113.11')).statusCode).toBe(204);

    if (redis) {
      const key = `${app.appConfig.redisKeyPrefix}ratelimit:POST/api/page-hidden.php-${address}`;
      expect(await redis.get(key)).toBe('31');
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('translates the refusal by the lang cookie', async () => {
    const address = '203.0.113.20';
    for (let i = 0; i < 30; i++) await beacon(address);
    const refused = await beacon(address, { lang: 'nl' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-language']).toBe('nl');
    const template = readErrors('nl').rate_limited_other ?? readErrors('en').rate_limited_other!;
    const seconds = String(refused.json().error.params.count);
    expect(refused.json().error).toMatchObject({
      code: 'rate_limited',
      message: template.replace('{{count}}', seconds),
    });
  });

  it('uses the singular when one second is left', async () => {
    // On a loaded machine the one-second window may end between two requests: try until one is refused.
    let refused = await app.inject({ url: '/test/once-a-second' });
    for (let attempt = 0; attempt < 5 && refused.statusCode === 200; attempt++)
      refused = await app.inject({ url: '/test/once-a-second' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      params: { count: 1, minutes: 1 },
      message: readErrors('en').rate_limited_one!.replace('{{count}}', '1'),
    });
  });

  it('counts per key when the rule has a key function, whatever the address', async () => {
    const login = (email: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/test/login', headers: clientHeaders, payload: { email }, remoteAddress });
    expect((await login('ann@example.com', '198.51.100.1')).statusCode).toBe(200);
    expect((await login('ANN@example.com ', '198.51.100.2')).statusCode).toBe(200);
    const refused = await login('ann@example.com', '198.51.100.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await login('bob@example.com', '198.51.100.3')).statusCode).toBe(200);
    // A request refused by validation never reaches the counter.
    const invalid = await app.inject({
      method: 'POST',
      url: '/test/login',
      headers: clientHeaders,
      payload: {},
      remoteAddress: '198.51.100.4',
    });
    expect(invalid.statusCode).toBe(400);

    if (redis) {
      const key = `${app.appConfig.redisKeyPrefix}ratelimit:POST/test/login-email:ann@example.com`;
      expect(await redis.get(key)).toBe('3');
    }
  });

  it('combines a per-address limit with a named per-key limit shared between routes', async () => {
    const post = (url: string, email: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url, headers: clientHeaders, payload: { email }, remoteAddress });
    // Per account across both routes: 3 attempts, then refused with the rule's own code and minutes.
    expect((await post('/test/password', 'cy@example.com', '198.51.100.10')).statusCode).toBe(200);
    expect((await post('/test/password-reset', 'cy@example.com', '198.51.100.11')).statusCode).toBe(200);
    expect((await post('/test/password', 'cy@example.com', '198.51.100.12')).statusCode).toBe(200);
    const locked = await post('/test/password-reset', 'cy@example.com', '198.51.100.13');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(540);
    expect(locked.json().error).toMatchObject({ code: 'test_account_locked', params: { minutes: 10 } });

    // Per address on /test/password: 4 a minute, whichever accounts they are for.
    const address = '198.51.100.20';
    for (const email of ['d1@example.com', 'd2@example.com', 'd3@example.com', 'd4@example.com']) {
      expect((await post('/test/password', email, address)).statusCode).toBe(200);
    }
    const refused = await post('/test/password', 'd5@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');

    if (redis) {
      // A named limit's keys are its name and key under the prefix (the library alone wrote `undefinedundefined-` between).
      expect(await redis.keys(`${app.appConfig.redisKeyPrefix}ratelimit:*undefined*`)).toEqual([]);
      expect(await redis.get(`${app.appConfig.redisKeyPrefix}ratelimit:test-account:email:cy@example.com`)).toBe('4');
    }
  });
});

describe(`several limits checked together (${redisUrl ? 'Redis' : 'in-memory'} store)`, () => {
  it('counts every attempt in each limit, and the first limit exceeded refuses with its own code', async () => {
    const app = await buildTestApp({}, { configure: (instance) => instance.register(testRoutes) });
    try {
      const send = (email: string, remoteAddress: string) =>
        app.inject({ method: 'POST', url: '/test/send', headers: clientHeaders, payload: { email }, remoteAddress });
      // Per key: 2 a minute, from any address.
      expect((await send('eve@example.com', '198.51.100.30')).statusCode).toBe(200);
      expect((await send('eve@example.com', '198.51.100.31')).statusCode).toBe(200);
      const perKey = await send('eve@example.com', '198.51.100.32');
      expect(perKey.statusCode).toBe(429);
      expect(perKey.json().error.code).toBe('test_sender_limited');
      expect(Number(perKey.headers['retry-after'])).toBeGreaterThan(0);
      // Per address: the refused attempt above counted too (3 at .32 would be the fourth there otherwise).
      expect((await send('fay@example.com', '198.51.100.32')).statusCode).toBe(200);
      expect((await send('gus@example.com', '198.51.100.32')).statusCode).toBe(200);
      const perAddress = await send('hal@example.com', '198.51.100.32');
      expect(perAddress.statusCode).toBe(429);
      expect(perAddress.json().error.code).toBe('rate_limited');
      if (redisUrl) {
        const redis = new Redis(redisUrl);
        try {
          const prefix = `${app.appConfig.redisKeyPrefix}ratelimit:`;
          expect(await redis.get(`${prefix}test-send:email:eve@example.com`)).toBe('3');
          expect(await redis.get(`${prefix}test-send-ip:198.51.100.32`)).toBe('4');
        } finally {
          redis.disconnect();
        }
      }
    } finally {
      await app.close();
    }
  });
  it('counts requests arriving together exactly (on Redis their counters go out together, one command)', async () => {
    const app = await buildTestApp({}, { configure: (instance) => instance.register(testRoutes) });
    try {
      const send = (email: string, remoteAddress: string) =>
        app.inject({ method: 'POST', url: '/test/send', headers: clientHeaders, payload: { email }, remoteAddress });
      const codes = (responses: { statusCode: number; json: () => { error?: { code: string } } }[]) =>
        responses.map((response) => (response.statusCode === 200 ? 'ok' : response.json().error!.code)).sort();
      // One key from six addresses at once: its limit of 2 lets exactly two through.
      const sameKey = await Promise.all(
        Array.from({ length: 6 }, (_, index) => send('ivy@example.com', `198.51.100.${40 + index}`)),
      );
      expect(codes(sameKey)).toEqual(['ok', 'ok', ...Array(4).fill('test_sender_limited')]);
      // One address for eight keys at once: its limit of 3 lets exactly three through.
      const sameAddress = await Promise.all(
        Array.from({ length: 8 }, (_, index) => send(`jo${index}@example.com`, '198.51.100.50')),
      );
      expect(codes(sameAddress)).toEqual(['ok', 'ok', 'ok', ...Array(5).fill('rate_limited')]);
      if (redisUrl) {
        const redis = new Redis(redisUrl);
        try {
          const prefix = `${app.appConfig.redisKeyPrefix}ratelimit:`;
          expect(await redis.get(`${prefix}test-send:email:ivy@example.com`)).toBe('6');
          expect(await redis.get(`${prefix}test-send-ip:198.51.100.50`)).toBe('8');
          const ttl = await redis.pttl(`${prefix}test-send-ip:198.51.100.50`);
          expect(ttl).toBeGreaterThan(0);
          expect(ttl).toBeLessThanOrEqual(60_000);
        } finally {
          redis.disconnect();
        }
      }
    } finally {
      await app.close();
    }
  });
});

describe('RATE_LIMIT_FACTOR', () => {
  it('multiplies every limit, route limits and named hooks alike (benchmarks raise it; the default is 1)', async () => {
    const app = await buildTestApp({ rateLimitFactor: 3 }, { configure: (instance) => instance.register(testRoutes) });
    try {
      const post = (url: string, email: string, remoteAddress: string) =>
        app.inject({ method: 'POST', url, headers: clientHeaders, payload: { email }, remoteAddress });
      // /test/login allows 2 per e-mail: 6 with the factor, the 7th is refused.
      for (let attempt = 0; attempt < 6; attempt += 1)
        expect((await post('/test/login', 'fay@example.com', `198.51.100.${attempt + 1}`)).statusCode).toBe(200);
      expect((await post('/test/login', 'fay@example.com', '198.51.100.9')).statusCode).toBe(429);
      // The named per-account hook allows 3: 9 with the factor.
      for (let attempt = 0; attempt < 9; attempt += 1)
        expect((await post('/test/password-reset', 'gil@example.com', '198.51.100.30')).statusCode).toBe(200);
      expect((await post('/test/password-reset', 'gil@example.com', '198.51.100.30')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('rate limits with an unreachable Redis', () => {
  it('stops start-up with a message naming REDIS_URL', async () => {
    await expect(buildTestApp({ redisUrl: 'redis://127.0.0.1:1' })).rejects.toThrow(
      /^REDIS_URL: cannot connect to Redis/,
    );
  });
});
