// `app.readDb`: the database for reads that tolerate a second of lag (search, docs/read-replicas.md). It is the
// streaming replica while the replica is current and the request is a read by someone who wrote nothing lately, and
// the primary otherwise; without DATABASE_REPLICA_URL it is the primary, `app.db`.
import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    readDb: Database;
  }
}

/**
 * Set on every answer to a write: its time. A read carrying it within the window goes to the primary, on whichever
 * instance, so a member always reads what they just wrote (a block, a profile change) however far behind the replica is.
 */
export const LAST_WRITE_COOKIE = 'lw';
const READ_METHODS = new Set(['GET', 'HEAD']);

export const readReplicaPlugin = fp<{ maxLagMs: number }>(
  async (app, { maxLagMs }) => {
    const replica = app.dbReplica;
    if (!replica) {
      app.decorate('readDb', app.db);
      return;
    }
    // The replica's watch samples every 250 ms: a write within this window may not be on the replica yet.
    const ownWritesMs = maxLagMs + 1000;
    const route = new AsyncLocalStorage<{ isReplica: boolean }>();
    app.addHook('onRequest', (request, _reply, done) => {
      const lastWrite = Number(request.cookies[LAST_WRITE_COOKIE]);
      const wroteLately = Number.isFinite(lastWrite) && Date.now() - lastWrite < ownWritesMs;
      const isReplica = READ_METHODS.has(request.method) && !wroteLately && replica.isCurrent();
      route.run({ isReplica }, done);
    });
    app.addHook('onSend', async (request, reply) => {
      if (!READ_METHODS.has(request.method) && reply.statusCode < 400)
        reply.setCookie(LAST_WRITE_COOKIE, String(Date.now()), {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          maxAge: Math.ceil(ownWritesMs / 1000),
        });
    });
    const primary = app.db;
    // Chosen at each call: a service built once at start-up reads through it, each request from its own side.
    const readDb = new Proxy(primary, {
      get(_target, property) {
        const db = route.getStore()?.isReplica ? replica.db : primary;
        const value = Reflect.get(db, property, db) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(db) : value;
      },
    });
    app.decorate('readDb', readDb);
  },
  { name: 'read-replica', dependencies: ['db'] },
);
