// Two app instances on one database and one Redis, for the tests that prove what one instance does holds on the other.
import { afterAll, beforeAll } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildTestApp, clientHeaders, SESSION_COOKIE, type TestApp } from './test-app.ts';

/** Whether the two-instance tests can run (they need Redis: REDIS_URL). */
export const hasRedis = Boolean(process.env.REDIS_URL);

/** Builds two instances sharing the test database and a Redis key prefix for the enclosing describe; closes them after. */
export function useTwoInstances(): { readonly first: TestApp; readonly second: TestApp } {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await buildTestApp();
    second = await buildTestApp({ redisKeyPrefix: first.appConfig.redisKeyPrefix });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });
  return {
    get first() {
      return first;
    },
    get second() {
      return second;
    },
  };
}

/** Polls `check` until it holds; answers how long that took, or throws after `limitMs`. */
export async function within(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

/**
 * A member's browser session (its address and session cookie) sending its requests to another instance: the same
 * member acting on two instances at once.
 */
export function sessionOn<T extends { ip: string; cookie?: string }>(
  instance: TestApp,
  client: T,
): { ip: string; request: (options: InjectOptions) => Promise<LightMyRequestResponse> } {
  return {
    ip: client.ip,
    request: (options) =>
      instance.inject({
        remoteAddress: client.ip,
        ...options,
        headers: { ...clientHeaders, ...options.headers },
        cookies: { ...(client.cookie ? { [SESSION_COOKIE]: client.cookie } : {}), ...options.cookies },
      }),
  };
}
