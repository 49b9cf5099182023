// Member sockets for tests: an app listening on a free port, and a socket that records every event it receives.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { CHAT_SOCKET_PATH, socketServerEventSchema, type SocketServerEvent } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './accounts.ts';

/** A member socket that records every event it receives. */
export type TestSocket = {
  socket: WebSocket;
  events: SocketServerEvent[];
  next: (predicate: (event: SocketServerEvent) => boolean, timeoutMs?: number) => Promise<SocketServerEvent>;
};

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `127.0.0.1:${port}`;
}

export function connect(host: string, cookie: string | undefined, origin = `http://${host}`): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}${CHAT_SOCKET_PATH}`, {
      headers: { origin, ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) },
    });
    const events: SocketServerEvent[] = [];
    const waiters: { predicate: (event: SocketServerEvent) => boolean; resolve: (event: SocketServerEvent) => void }[] =
      [];
    socket.on('message', (data) => {
      const event = socketServerEventSchema.parse(JSON.parse(String(data)));
      events.push(event);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(event)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    });
    const next = (predicate: (event: SocketServerEvent) => boolean, timeoutMs = 2000) =>
      new Promise<SocketServerEvent>((resolveEvent, rejectEvent) => {
        const found = events.find(predicate);
        if (found) return resolveEvent(found);
        const timer = setTimeout(
          () => rejectEvent(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)),
          timeoutMs,
        );
        waiters.push({ predicate, resolve: (event) => (clearTimeout(timer), resolveEvent(event)) });
      });
    socket.once('open', () => resolve({ socket, events, next }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}
