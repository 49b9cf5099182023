// Builds the app for API tests on a database opened once per test worker and emptied before each test file.
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.ts';

type WorkerState = { database?: Promise<DatabaseHandle> };
const state = ((globalThis as { __testDatabase?: WorkerState }).__testDatabase ??= {});

/** TEST_DATABASE_URL runs the suite on PostgreSQL; otherwise an in-memory PGlite per worker. */
function workerDatabase(): Promise<DatabaseHandle> {
  state.database ??= openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDataDir: 'memory://' });
  return state.database;
}

export async function resetDatabase(db: Database): Promise<void> {
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as { rows: { tablename: string }[] };
  const tables = result.rows.map((row) => `"public"."${row.tablename}"`);
  if (tables.length) await db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), `app-test-${process.pid}`) }),
    redisUrl: process.env.REDIS_URL,
    ...overrides,
  };
}

export type TestApp = FastifyInstance & { database: DatabaseHandle };

/** A fresh app on an empty database (the default site is seeded again by the app). */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await workerDatabase();
  await resetDatabase(database.db);
  const app = await buildApp(testConfig(overrides), { database, serveWeb: false });
  await app.ready();
  return Object.assign(app, { database });
}

/** Headers a browser client sends on state-changing requests (the CSRF guard wants them). */
export const clientHeaders = { 'request-type': 'client' } as const;
