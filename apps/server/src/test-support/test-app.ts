// Builds the app for API tests on a database opened once per test worker and emptied before each test file.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis, type Cluster } from 'ioredis';
import { buildApp } from '../app.ts';
import type { FaceDescriber, ImageClassifier } from '../modules/safety/index.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { createSerialLock, openMigratedDatabase, type Database, type DatabaseHandle } from '../db/client.ts';
import { JOB_SCHEMA } from '../db/job-schema.ts';
import { writeClusterTemplate } from '../db/pglite-options.ts';
import * as schema from '../db/schema/index.ts';
import { sites, type NewSiteRow, type SiteRow } from '../db/schema/index.ts';
import { defaultSiteValues } from '../plugins/site/index.ts';
import type { PushNetwork } from '../plugins/push/index.ts';
import type { PostbackNetwork } from '../modules/traffic/index.ts';
import { connectRedis } from '../plugins/redis.plugin.ts';
import { writeLanderRender } from './lander-render.ts';

type WorkerState = { database?: Promise<DatabaseHandle> };
const state = ((globalThis as { __testDatabase?: WorkerState }).__testDatabase ??= {});

/** TEST_DATABASE_URL runs the suite on PostgreSQL; otherwise an in-memory PGlite per worker. */
function workerDatabase(): Promise<DatabaseHandle> {
  state.database ??= process.env.TEST_DATABASE_URL
    ? openMigratedDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, pgliteDataDir: 'memory://' })
    : openTemplatePglite();
  return state.database;
}

/**
 * An in-memory PGlite with the migrations applied: the embedded database's cluster template, named after the
 * migrations it holds (db/pglite-options.ts). Creating one from scratch takes seconds (initdb and migrations); the
 * first worker writes the template when the build has not, for every later worker and run.
 */
async function openTemplatePglite(): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const template = await fs.readFile(await writeClusterTemplate());
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
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

/**
 * Empties the job queue's jobs and forgets when pg-boss last ran its cron, maintenance and monitoring: a test that
 * drives pg-boss's TestClock (years ahead) leaves those times in the future, and pg-boss would then skip its cron and
 * maintenance until that date, in every later file and run on the same database.
 */
export async function resetJobQueue(db: Database): Promise<void> {
  await db.execute(sql.raw(`truncate ${JOB_SCHEMA}.job`));
  await db.execute(
    sql.raw(`update ${JOB_SCHEMA}.version set cron_on = null, bam_on = null, monitor_backoff_on = null`),
  );
  await db.execute(
    sql.raw(
      `update ${JOB_SCHEMA}.queue set maintain_on = null, monitor_on = null, monitor_claim_on = null, retained_on = null, delta_on = null`,
    ),
  );
}

/**
 * Empties every table of the public schema and the job queue (the migration journal lives in its own schema and
 * stays, and so do the queue's queues and schedules, which every app declares again when it starts).
 */
export async function resetDatabase(db: Database): Promise<void> {
  await resetJobQueue(db);
  const result = (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as {
    rows: { tablename: string }[];
  };
  const tables = result.rows.map((row) => `"public"."${row.tablename}"`);
  if (tables.length) await db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}

/**
 * The config of a test app. With REDIS_URL set the rate limits use Redis, under a key prefix of
 * their own so parallel test files and runs never share counters.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), `app-test-${process.pid}`) }),
    redisUrl: process.env.REDIS_URL || undefined,
    redisKeyPrefix: `test:${process.pid}:${randomUUID().slice(0, 8)}:`,
    ...overrides,
  };
}

/** Deletes every Redis key under `prefix` (on each primary of a Redis Cluster when `isCluster`). */
export async function deleteRedisKeys(redisUrl: string, prefix: string, isCluster = false): Promise<void> {
  const deleteOn = async (redis: Redis) => {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      // One key per DEL: on a cluster node a DEL of several keys must name keys of one hash slot.
      for (const key of keys) await redis.del(key);
      cursor = next;
    } while (cursor !== '0');
  };
  if (isCluster) {
    const cluster = await connectRedis(redisUrl, () => undefined, { isCluster: true });
    try {
      await Promise.all((cluster as Cluster).nodes('master').map(deleteOn));
    } finally {
      cluster.disconnect();
    }
    return;
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await deleteOn(redis);
  } finally {
    redis.disconnect();
  }
}

/** A test app; `await using app = await buildTestApp()` closes it when the block ends, however it ends. */
export type TestApp = FastifyInstance & {
  database: DatabaseHandle;
  appConfig: AppConfig;
  [Symbol.asyncDispose]: () => Promise<void>;
};

export type TestAppOptions = {
  /** Registers extra routes or hooks before the app is ready (e.g. a route to exercise a plugin). */
  configure?: (app: FastifyInstance) => unknown;
  /** Serve the web app from config.webDistDir (off by default). */
  serveWeb?: boolean;
  /** Where web push connects (a local stand-in push service: its resolver, address policy and certificate). */
  pushNetwork?: Partial<PushNetwork>;
  /** Where postbacks may go (the production policy, say). */
  postbackNetwork?: Partial<PostbackNetwork>;
  /** The image classifier of photo screening instead of the test one (one that fails, say). */
  classifier?: ImageClassifier;
  /** The face model of selfie comparison instead of the test one. */
  faces?: FaceDescriber;
};

/**
 * A web build of one index.html (an app script, no first-view render) and the app's lander render (the landing pages
 * render as in a release: test-support/lander-render.ts) in a temporary folder, for page tests.
 */
export async function writeIndexOnlyDist(): Promise<{ distDir: string; remove: () => Promise<void> }> {
  const distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-dist-'));
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Amoria</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  await writeLanderRender(distDir);
  return { distDir, remove: () => fs.rm(distDir, { recursive: true, force: true }) };
}

/** A fresh app on an empty database (the default site is seeded again by the app). */
export async function buildTestApp(overrides: Partial<AppConfig> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await workerDatabase();
  await resetDatabase(database.db);
  const config = testConfig(overrides);
  const app = await buildApp(config, {
    database,
    serveWeb: options.serveWeb ?? false,
    pushNetwork: options.pushNetwork,
    postbackNetwork: options.postbackNetwork,
    classifier: options.classifier,
    faces: options.faces,
  });
  if (config.redisUrl) {
    const redisUrl = config.redisUrl;
    app.addHook('onClose', () => deleteRedisKeys(redisUrl, config.redisKeyPrefix, config.redisCluster));
  }
  await options.configure?.(app);
  await app.ready();
  return Object.assign(app, { database, appConfig: config, [Symbol.asyncDispose]: () => app.close() });
}

/** Adds a site for another domain (defaults from the default site) and makes the app see it at once. */
export async function insertSite(app: TestApp, values: Partial<NewSiteRow> & { domain: string }): Promise<SiteRow> {
  const [row] = await app.db
    .insert(sites)
    .values({ ...defaultSiteValues(), isDefault: false, ...values })
    .returning();
  app.sites.invalidate();
  if (!row) throw new Error('site insert returned nothing');
  return row;
}

/** Headers a browser client sends on state-changing requests (the CSRF guard wants them). */
/** A browser's user agent: requests without one (light-my-request's own) count as a crawler's, never as a visit. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
export const clientHeaders = { 'request-type': 'client', 'user-agent': BROWSER_USER_AGENT } as const;
/** The member session's cookie. */
export const SESSION_COOKIE = 'sid';
