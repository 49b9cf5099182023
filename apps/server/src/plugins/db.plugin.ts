// Opens the database (or takes one handed in by tests) and exposes it as `app.db`.
import fp from 'fastify-plugin';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.ts';

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

/** The plugin takes only the database settings of the app's config. */
export type DbPluginOptions = {
  config: Omit<Parameters<typeof openDatabase>[0], 'replica'> & {
    /** A streaming replica (PostgreSQL only) and the lag its reads may have (docs/read-replicas.md). */
    databaseReplicaUrl?: string;
    replicaMaxLagMs?: number;
  };
  database?: DatabaseHandle;
};

export const dbPlugin = fp<DbPluginOptions>(
  async (app, { config, database }) => {
    const handle =
      database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        databaseOwnerUrl: config.databaseOwnerUrl,
        pgliteDataDir: config.pgliteDataDir,
        replica: config.databaseReplicaUrl
          ? {
              url: config.databaseReplicaUrl,
              maxLagMs: config.replicaMaxLagMs ?? 1000,
              onError: (error) => app.log.warn({ err: error }, 'read replica check failed'),
            }
          : undefined,
      }));
    app.decorate('db', handle.db);
    app.decorate('dbKind', handle.kind);
    app.decorate('withStartupLock', handle.withStartupLock);
    app.decorate<DatabaseHandle['queue']>('databaseQueue', handle.queue);
    app.decorate<DatabaseHandle['poolStats']>('dbPoolStats', handle.poolStats);
    app.decorate<DatabaseHandle['replica']>('dbReplica', handle.replica);
    // A database handed in by the caller belongs to the caller (tests reuse one per worker).
    if (!database) app.addHook('onClose', () => handle.close());
  },
  { name: 'db' },
);
