// SIGTERM's drain (plugins/drain.plugin.ts, docs/cluster.md): health answers 503, member sockets are closed as a
// restart spread over the drain time, and a socket offered meanwhile is closed the same way.
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CHAT_SOCKET_PATH } from '@app/contracts';
import { buildTestApp } from '../test-support/test-app.ts';
import { SESSION_COOKIE } from '../test-support/accounts.ts';
import { createMember } from '../test-support/members.ts';
import { CLOSE_SERVICE_RESTART } from './realtime/index.ts';

/** A member socket; resolves once the server said hello (or closed it first), with when and how it was closed. */
function connect(host: string, cookie: string) {
  return new Promise<{ closed: Promise<{ code: number; at: number }> }>((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}${CHAT_SOCKET_PATH}`, {
      headers: { origin: `http://${host}`, cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    const closed = new Promise<{ code: number; at: number }>((done) =>
      socket.once('close', (code) => done({ code, at: performance.now() })),
    );
    socket.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'hello') resolve({ closed });
    });
    void closed.then(() => resolve({ closed }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

describe('drain', () => {
  it('answers 503 on /healthz and closes the sockets as a restart, spread over the drain time', async () => {
    await using app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const members = await Promise.all([1, 2, 3, 4].map(() => createMember(app)));
    const sockets = await Promise.all(members.map((member) => connect(host, member.client.cookie!)));
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    const started = performance.now();
    const drained = app.drain(400);
    expect(app.isDraining()).toBe(true);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(503);
    // A socket offered while draining is closed as a restart too.
    const late = await connect(host, members[0]!.client.cookie!);
    expect((await late.closed).code).toBe(CLOSE_SERVICE_RESTART);
    await drained;
    const closes = await Promise.all(sockets.map((socket) => socket.closed));
    expect(closes.map((close) => close.code)).toEqual(Array(4).fill(CLOSE_SERVICE_RESTART));
    // Spread: the first went at once, the last about the drain time later.
    const times = closes.map((close) => close.at - started).sort((a, b) => a - b);
    expect(times[0]).toBeLessThan(150);
    expect(times.at(-1)).toBeGreaterThan(250);
    // The app still answers requests until it is closed.
    expect((await app.inject({ url: '/api/settings.php' })).statusCode).toBe(200);
  });
});
