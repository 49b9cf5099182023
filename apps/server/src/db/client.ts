// Opens the database: PostgreSQL through node-postgres when a URL is given, embedded PGlite otherwise.
import fs from 'node:fs/promises';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { fromPglite } from 'pg-boss';
import { installJobSchema, jobSchemaGrants } from './job-schema.ts';
import { migrationsFolder } from './migrations-folder.ts';
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

async function appliedMigrations(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as count from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  )) as unknown as { rows: { count: number }[] };
  if (!result.rows[0]?.count) return 0;
  const applied = (await db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { count: number }[] };
  return applied.rows[0]?.count ?? 0;
}

/**
 * Applies the migrations, then refreshes the planner's statistics when any was applied: PGlite never
 * analyzes by itself (no autovacuum), and a PostgreSQL may run with autovacuum off.
 */
async function migrateAndAnalyze(db: Database, migrate: () => Promise<void>): Promise<void> {
  const before = await appliedMigrations(db);
  await migrate();
  if ((await appliedMigrations(db)) !== before) await db.execute(sql`analyze`);
}

/** Tables only ever appended to: the app's role may insert and read, never change, empty or delete their rows. */
const APPEND_ONLY_TABLES = ['staff_audit_log'];

/**
 * Grants the app's role what it needs and nothing more: read and write rows, use sequences; no TRUNCATE, no DDL (it
 * owns nothing, so it cannot disable a trigger or alter a table), and no UPDATE or DELETE on the audit log.
 */
async function grantAppRole(owner: PgClient, appRole: string): Promise<void> {
  const role = owner.escapeIdentifier(appRole);
  await owner.query(`grant usage on schema public to ${role}`);
  await owner.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
  await owner.query(`grant usage, select, update on all sequences in schema public to ${role}`);
  await owner.query(
    `revoke update, delete, truncate on ${APPEND_ONLY_TABLES.map((table) => owner.escapeIdentifier(table)).join(', ')} from ${role}`,
  );
  await owner.query(`revoke truncate, references, trigger on all tables in schema public from ${role}`);
  for (const grant of jobSchemaGrants(role)) await owner.query(grant);
}

/**
 * A pg client as pg-boss's database, one statement at a time (a client runs one query at once): multi-statement
 * scripts go through the simple protocol (no parameters).
 */
function pgClientAsJobDb(client: PgClient) {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    executeSql: (text: string, values?: unknown[]) => {
      const run = tail.then(() => client.query(text, values));
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  databaseOwnerUrl?: string;
  pgliteDataDir: string;
  /** With databaseUrl: a streaming replica's URL, and how far behind the primary its reads may be. */
  replica?: { url: string; maxLagMs: number; onError: (error: unknown) => void };
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
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
    const { databaseOwnerUrl } = options;
    if (databaseOwnerUrl) {
      // Migrations as the schema's owner, then the app's role gets its grants (again: new tables need them).
      await withStartupLock(async () => {
        const owner = new pg.Client({ connectionString: databaseOwnerUrl });
        await owner.connect();
        try {
          const ownerDb = drizzle({ client: owner, schema, casing: 'snake_case' });
          await migrateAndAnalyze(ownerDb as unknown as Database, () => migrate(ownerDb, { migrationsFolder }));
          await installJobSchema(pgClientAsJobDb(owner));
          const { rows } = await pool.query<{ role: string }>('select current_user as role');
          const { rows: ownerRows } = await owner.query<{ role: string }>('select current_user as role');
          if (rows[0]!.role !== ownerRows[0]!.role) await grantAppRole(owner, rows[0]!.role);
        } finally {
          await owner.end();
        }
      });
    } else {
      await withStartupLock(async () => {
        await migrateAndAnalyze(db as unknown as Database, () => migrate(db, { migrationsFolder }));
        const client = await pool.connect();
        try {
          await installJobSchema(pgClientAsJobDb(client as unknown as PgClient));
        } finally {
          client.release();
        }
      });
    }
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
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const isMemory = options.pgliteDataDir.startsWith('memory://');
  if (!isMemory) await fs.mkdir(options.pgliteDataDir, { recursive: true });
  const client = await PGlite.create(isMemory ? undefined : await pgliteOptions(options.pgliteDataDir));
  nameStatementsOnPglite(client);
  const db = drizzle({ client, schema, casing: 'snake_case' });
  await migrateAndAnalyze(db, () => migrate(db, { migrationsFolder }));
  await installJobSchema(fromPglite(client));
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
