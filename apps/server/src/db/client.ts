// Opens the database: PostgreSQL through node-postgres when a URL is given, embedded PGlite otherwise. Opening never
// migrates: that is a step of its own (db/migrate.ts; `openMigratedDatabase` for tests and scripts).
import fs from 'node:fs/promises';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema/index.ts';
import { nameStatements } from './named-statements.ts';
import type { Replica } from './replica.ts';
import { nameStatementsOnPglite } from './pglite-named-statements.ts';
import { pgliteOptions } from './pglite-options.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What repository methods accept: the database or a transaction on it. */
export type Executor = Database | Transaction;

export type PoolStats = { total: number; idle: number; waiting: number };

export type DatabaseHandle = {
  db: Database;
  kind: 'postgres' | 'pglite';
  close: () => Promise<void>;
  /**
   * Runs `work` holding the start-up lock, the one the migrations hold: instances starting together on one
   * database do their start-up writes (migrations, development demo data) one at a time.
   */
  withStartupLock: <T>(work: () => Promise<T>) => Promise<T>;
  /** A streaming replica for reads that tolerate lag (DATABASE_REPLICA_URL, PostgreSQL only), or null. */
  replica: Replica | null;
  /** The pool's connections (PostgreSQL); null for the embedded database, whose one session is no pool. */
  poolStats: (() => PoolStats) | null;
  /** Where the job queue (pg-boss) connects: its own small pool on PostgreSQL, the one embedded session on PGlite. */
  queue: { kind: 'postgres'; connectionString: string } | { kind: 'pglite'; client: PGlite };
};

/** Arbitrary, fixed: the key of the advisory lock held while migrating PostgreSQL and seeding demo data. */
const STARTUP_LOCK_KEY = 727_001;

/** The start-up lock of an embedded database, which only this process opens: one piece of work at a time. */
export function createSerialLock(): DatabaseHandle['withStartupLock'] {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}

export type OpenOptions = {
  databaseUrl?: string;
  /** The schema owner's connection, for the migration step (docs/database-roles.md). */
  databaseOwnerUrl?: string;
  pgliteDataDir: string;
  /** With databaseUrl: a streaming replica's URL, and how far behind the primary its reads may be. */
  replica?: { url: string; maxLagMs: number; onError: (error: unknown) => void };
};

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    nameStatements(pool);
    const db = drizzle({ client: pool, schema, casing: 'snake_case' });
    // Several instances may start at once on one database: a session advisory lock lets one at a time migrate (and seed).
    const withStartupLock = async <T>(work: () => Promise<T>): Promise<T> => {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
        lock.release();
      }
    };
    const replica = options.replica
      ? (await import('./replica.ts')).openReplica({
          replicaUrl: options.replica.url,
          primary: pool,
          maxLagMs: options.replica.maxLagMs,
          onError: options.replica.onError,
        })
      : null;
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      replica,
      close: async () => {
        await replica?.close();
        await pool.end();
      },
      withStartupLock,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      queue: { kind: 'postgres', connectionString: options.databaseUrl },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const isMemory = options.pgliteDataDir.startsWith('memory://');
  if (!isMemory) await fs.mkdir(options.pgliteDataDir, { recursive: true });
  const client = await PGlite.create(isMemory ? undefined : await pgliteOptions(options.pgliteDataDir));
  nameStatementsOnPglite(client);
  const db = drizzle({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    withStartupLock: createSerialLock(),
    replica: null,
    poolStats: null,
    queue: { kind: 'pglite', client },
  };
}

/** Opens the database and runs the migration step on it (tests, scripts and benches that start from nothing). */
export async function openMigratedDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase(options);
  try {
    const { migrateDatabase } = await import('./migrate.ts');
    await migrateDatabase(handle, { databaseOwnerUrl: options.databaseOwnerUrl });
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
