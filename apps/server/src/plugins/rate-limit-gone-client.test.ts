// A client that hangs up before a per-address limit is checked: its request has no address any more (`request.ip`
// reads the closed socket's), and the limit must count it rather than throw (an error-level "unhandled error").
import net from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-support/test-app.ts';
import { addressKey, GONE_CLIENT_KEY, rateLimit, rateLimitHooks } from './rate-limit.plugin.ts';

/** Routes limited per address (a route limit and a named hook) whose requests wait until their client has gone. */
function goneClientRoutes(served: string[], failures: FastifyError[], answered: () => void) {
  return async (app: FastifyInstance) => {
    // Before the limits (context hooks run before a route's own): hold a request that says its client hangs up until
    // its socket has closed.
    app.addHook('onRequest', async (request) => {
      const socket = request.raw.socket;
      if (request.headers['x-test-hang-up'] !== undefined && !socket.destroyed) await once(socket, 'close');
    });
    app.addHook('onError', async (_request, _reply, error) => {
      if ((error.statusCode ?? 500) >= 500) failures.push(error);
    });
    app.addHook('onSend', async (_request, _reply, payload) => {
      answered();
      return payload;
    });
    app.get('/test/gone', { config: rateLimit({ max: 1, timeWindow: '1 hour' }) }, async (request) => {
      served.push(`route:${addressKey(request)}`);
      return { ok: true };
    });
    app.get(
      '/test/gone-hooks',
      { preHandler: rateLimitHooks(app, [{ name: 'test-gone', max: 1, timeWindow: '1 hour' }]) },
      async (request) => {
        served.push(`hook:${addressKey(request)}`);
        return { ok: true };
      },
    );
  };
}

describe('a client gone before its rate limit is checked', () => {
  it('counts in the bucket of gone clients, without an error', async () => {
    const served: string[] = [];
    const failures: FastifyError[] = [];
    let answers = 0;
    const waiting = new Set<() => void>();
    const answered = () => {
      answers += 1;
      for (const wake of waiting) wake();
    };
    await using app = await buildTestApp(
      {},
      { configure: (instance) => instance.register(goneClientRoutes(served, failures, answered)) },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    /** Sends a request and hangs up at once; answers when the server has answered it (to no one). */
    const hangUp = async (url: string) => {
      const before = answers;
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.end(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Test-Hang-Up: 1\r\n\r\n`);
      socket.destroy();
      while (answers === before) await new Promise<void>((resolve) => waiting.add(resolve));
      waiting.clear();
    };

    // The first gone client passes each limit, the second is refused: they share one counter.
    for (const url of ['/test/gone', '/test/gone', '/test/gone-hooks', '/test/gone-hooks']) await hangUp(url);
    expect(served).toEqual([`route:${GONE_CLIENT_KEY}`, `hook:${GONE_CLIENT_KEY}`]);
    expect(failures).toEqual([]);

    // A client still connected counts under its own address.
    const response = await fetch(`http://127.0.0.1:${port}/test/gone`);
    await response.body?.cancel();
    expect(served.at(-1)).toBe('route:127.0.0.1');
  });
});
