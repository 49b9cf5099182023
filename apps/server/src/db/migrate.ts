// The migration step (`npm run migrate`, and server.ts before it builds the app): the schema's migrations, each in
// its own transaction under the start-up lock, then the job queue's schema, the app role's grants and fresh planner
// statistics. Never inside a Fastify plugin, so no plugin timeout bounds it however slow the host is.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type { Client as PgClient } from 'pg';
import { fromPglite } from 'pg-boss';
import type { Database, DatabaseHandle } from './client.ts';
import { installJobSchema, jobSchemaGrants } from './job-schema.ts';
import { migrationsFolder } from './migrations-folder.ts';

/** Where applied migrations are recorded: drizzle's own table, so databases migrated before this step carry on. */
const JOURNAL = 'drizzle.__drizzle_migrations';

export class MigrationError extends Error {
  readonly migration: string;
  constructor(migration: string, cause: unknown) {
    super(
      `Migration ${migration} failed and was rolled back; the migrations before it stay applied. ` +
        `${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'MigrationError';
    this.migration = migration;
  }
}

export type MigrationState = {
  /** Migration files in the folder, in order. */
  total: number;
  /** Of those, applied to this database. */
  applied: number;
  /** The tags (file names without .sql) still to apply. */
  pending: string[];
};

type Migration = MigrationMeta & { tag: string };

/** The migration files in journal order, each with its tag (drizzle's reader leaves the tag out). */
export function migrationFiles(folder = migrationsFolder): Migration[] {
  const files = readMigrationFiles({ migrationsFolder: folder });
  const journal = readJournal(folder);
  return files.map((file, index) => ({ ...file, tag: journal[index] ?? String(file.folderMillis) }));
}

function readJournal(folder: string): string[] {
  // The same file drizzle's reader just read: its entries name each migration.
  const text = fs.readFileSync(`${folder}/meta/_journal.json`, 'utf8');
  return (JSON.parse(text) as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);
}

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The newest applied migration's timestamp (drizzle's `created_at` is the journal's `when`), or null. */
async function lastApplied(db: Database): Promise<number | null> {
  const [table] = await rowsOf<{ name: string | null }>(db, sql`select to_regclass(${JOURNAL})::text as name`);
  if (!table?.name) return null;
  const [last] = await rowsOf<{ created: string | null }>(
    db,
    sql.raw(`select max(created_at)::text as created from ${JOURNAL}`),
  );
  return last?.created == null ? null : Number(last.created);
}

/** How far this database is: read-only, one or two small queries (server.ts asks it at every start). */
export async function migrationState(db: Database, folder = migrationsFolder): Promise<MigrationState> {
  const files = migrationFiles(folder);
  const last = await lastApplied(db);
  const pending = files.filter((file) => last === null || file.folderMillis > last);
  return { total: files.length, applied: files.length - pending.length, pending: pending.map((file) => file.tag) };
}

/**
 * Applies each pending migration in a transaction of its own (its statements and its journal row commit together or
 * not at all), in order. A failing migration is rolled back whole and stops the run with a MigrationError; those
 * before it stay applied. Returns the tags applied. The caller holds the start-up lock.
 */
export async function applyMigrations(db: Database, folder = migrationsFolder): Promise<string[]> {
  await db.execute(sql.raw('create schema if not exists drizzle'));
  await db.execute(
    sql.raw(`create table if not exists ${JOURNAL} (id serial primary key, hash text not null, created_at bigint)`),
  );
  const last = await lastApplied(db);
  const applied: string[] = [];
  for (const migration of migrationFiles(folder)) {
    if (last !== null && migration.folderMillis <= last) continue;
    try {
      await db.transaction(async (tx) => {
        for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
        await tx.execute(
          sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
        );
      });
    } catch (error) {
      throw new MigrationError(migration.tag, error);
    }
    applied.push(migration.tag);
  }
  // The planner's statistics describe the tables before: PGlite never analyzes by itself, and autovacuum may be off.
  if (applied.length) await db.execute(sql.raw('analyze'));
  return applied;
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

/**
 * The whole step on an open database: under the start-up lock (instances and `npm run migrate` started together
 * migrate one at a time), the pending migrations, the job queue's schema, and, with a separate owner
 * (DATABASE_OWNER_URL), the app role's grants. Returns the migrations applied.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  options: { databaseOwnerUrl?: string; folder?: string } = {},
): Promise<string[]> {
  return handle.withStartupLock(async () => {
    if (handle.queue.kind === 'pglite') {
      const applied = await applyMigrations(handle.db, options.folder);
      await installJobSchema(fromPglite(handle.queue.client));
      return applied;
    }
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const schema = await import('./schema/index.ts');
    const owner = new pg.Client({ connectionString: options.databaseOwnerUrl ?? handle.queue.connectionString });
    await owner.connect();
    try {
      const ownerDb = drizzle({ client: owner, schema, casing: 'snake_case' }) as unknown as Database;
      const applied = await applyMigrations(ownerDb, options.folder);
      await installJobSchema(pgClientAsJobDb(owner));
      if (options.databaseOwnerUrl) {
        const [app] = await rowsOf<{ role: string }>(handle.db, sql`select current_user as role`);
        const { rows } = await owner.query<{ role: string }>('select current_user as role');
        if (app!.role !== rows[0]!.role) await grantAppRole(owner, app!.role);
      }
      return applied;
    } finally {
      await owner.end();
    }
  });
}
