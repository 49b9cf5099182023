// Exposes the database buildApp opened and migrated before any plugin (or one handed in by tests) as `app.db`.
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseHandle['kind'];
    /** Start-up writes under the migrations' lock (see DatabaseHandle). */
    withStartupLock: DatabaseHandle['withStartupLock'];
    /** The pool's connections (PostgreSQL only; DatabaseHandle['poolStats']). */
    dbPoolStats: DatabaseHandle['poolStats'];
    /** The streaming replica, if any (DatabaseHandle['replica']); reads reach it through `app.readDb`. */
    dbReplica: DatabaseHandle['replica'];
    /** Where the job queue connects (DatabaseHandle['queue']). */
    databaseQueue: DatabaseHandle['queue'];
  }
}

export type DbPluginOptions = {
  database: DatabaseHandle;
  /** Whether closing the app closes the database (buildApp opened it), or the caller keeps it (tests share one). */
  isOwned: boolean;
};

export const dbPlugin = fp<DbPluginOptions>(
  async (app, { database: handle, isOwned }) => {
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('withStartupLock', handle.withStartupLock);
    app.decorate<DatabaseHandle['queue']>('databaseQueue', handle.queue);
    app.decorate<DatabaseHandle['poolStats']>('dbPoolStats', handle.poolStats);
    app.decorate<DatabaseHandle['replica']>('dbReplica', handle.replica);
    if (isOwned) app.addHook('onClose', () => handle.close());
  },
  { name: 'db' },
);
