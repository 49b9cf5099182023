// Starting on a busy host: a first start on an empty database (embedded, and PostgreSQL when one answers) comes up with
// the server pinned to one CPU beside busy loops, and `npm run migrate` is the step that migrates; a restart on a
// migrated database answers quickly (the figure is printed, not asserted: docs/operations.md). Vitest project `process`.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);
const CPU = '0';
const children: ChildProcess[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function environment(dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  return {
    ...inherited,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

/** Two loops that never yield, on the CPU the server will have: it gets about a third of one core. */
function busyLoops(): void {
  for (let index = 0; index < 2; index += 1)
    children.push(spawn('taskset', ['-c', CPU, process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

/**
 * Starts server.ts (on CPU 0 when pinned) and resolves with its port and the ms until /healthz first answered 200;
 * then stops it, unless `keep` (the caller stops it through `children`).
 */
async function startAndTime(
  env: NodeJS.ProcessEnv,
  isPinned: boolean,
  keep = false,
): Promise<{ port: number; ms: number }> {
  const started = performance.now();
  const command = isPinned ? 'taskset' : process.execPath;
  const args = isPinned ? ['-c', CPU, process.execPath, 'apps/server/src/server.ts'] : ['apps/server/src/server.ts'];
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const port = /Site running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      if (answer?.status === 200) {
        const ms = performance.now() - started;
        if (keep) return { port: Number(port), ms };
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
        return { port: Number(port), ms };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function newDataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'app-start-test-'));
  folders.push(folder);
  return folder;
}

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `work` on a new empty database beside TEST_DATABASE_URL's (its name, URL, and a client of the server), then drops it. */
async function withNewDatabase(
  prefix: string,
  work: (database: { name: string; url: URL; admin: pg.Client }) => Promise<void>,
): Promise<void> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    await work({ name, url, admin });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

// Past the start-up statements (queues and schedules declared, the first maintenance pass), which an idle backend
// reports to pg_stat_database up to 10 s later.
const IDLE_WARM_UP_MS = 20_000;
const IDLE_WINDOW_MS = 60_000;

/** Transactions committed and rolled back in database `name` so far (the statistics are flushed within a second). */
async function transactions(admin: pg.Client, name: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await admin.query('select pg_stat_clear_snapshot()');
  const { rows } = await admin.query<{ count: string }>(
    'select xact_commit + xact_rollback as count from pg_stat_database where datname = $1',
    [name],
  );
  return Number(rows[0]!.count);
}

describe('starting on a busy host', () => {
  it('comes up on an empty embedded database with one busy CPU, and a restart answers quickly', async () => {
    const dataDir = newDataDir();
    busyLoops();
    const first = await startAndTime(environment(dataDir), true);
    for (const child of children.splice(0)) child.kill('SIGKILL');
    const restart = await startAndTime(environment(dataDir), false);
    console.log(
      `embedded database: first start on one busy CPU ${(first.ms / 1000).toFixed(1)} s; restart, first answer ${(restart.ms / 1000).toFixed(1)} s`,
    );
  }, 300_000);

  it('comes up on an empty PostgreSQL database with one busy CPU; `npm run migrate` is the step that migrates; idle, it costs at most a transaction a second', async (context) => {
    if (!(await postgresAnswers())) context.skip(`no PostgreSQL answers at ${postgresUrl}`);
    await withNewDatabase('start_test', async ({ name, url, admin }) => {
      busyLoops();
      const first = await startAndTime(environment(newDataDir(), url.href), true);
      for (const child of children.splice(0)) child.kill('SIGKILL');
      const check = new pg.Client({ connectionString: url.href });
      await check.connect();
      const journal = JSON.parse(
        fs.readFileSync(path.join(repoRoot, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const { rows } = await check.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      await check.end();
      expect(rows[0]!.count).toBe(journal.entries.length);
      // The step alone, as a deploy runs it: nothing left to apply, exit code 0.
      const migrate = await run(process.execPath, ['apps/server/src/migrate.ts'], {
        cwd: repoRoot,
        env: environment(newDataDir(), url.href),
      });
      expect(migrate.stdout).toMatch(/nothing to apply; PostgreSQL is at (\d+) of \1 migrations/);
      const restart = await startAndTime(environment(newDataDir(), url.href), false, true);
      // Idle: what the instance sends by itself (pg-boss's backstop polls and passes, the outbox sweep), in transactions
      // as pg_stat_database counts them (a statement outside a transaction is one). Its counters lag up to a second.
      await new Promise((resolve) => setTimeout(resolve, IDLE_WARM_UP_MS));
      const before = await transactions(admin, name);
      await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS));
      const perSecond = ((await transactions(admin, name)) - before) / (IDLE_WINDOW_MS / 1000);
      console.log(
        `PostgreSQL: first start on one busy CPU ${(first.ms / 1000).toFixed(1)} s; restart, first answer ${(restart.ms / 1000).toFixed(1)} s; idle ${perSecond.toFixed(2)} transactions a second over ${IDLE_WINDOW_MS / 1000} s`,
      );
      expect(perSecond).toBeLessThanOrEqual(1);
    });
  }, 300_000);

  it('a migration that fails stops the start with exit code 1 and a message, leaving the database as it was', async (context) => {
    if (!(await postgresAnswers())) context.skip(`no PostgreSQL answers at ${postgresUrl}`);
    await withNewDatabase('start_fail', async ({ url }) => {
      // A table the first migration creates is already there: its migration fails and is rolled back whole.
      const blocker = new pg.Client({ connectionString: url.href });
      await blocker.connect();
      const first = fs.readFileSync(path.join(repoRoot, 'apps/server/src/db/migrations/0000_init.sql'), 'utf8');
      const table = /create table "?(\w+)"?/i.exec(first)?.[1];
      expect(table).toBeTruthy();
      await blocker.query(`create table ${table} (x int)`);
      await blocker.end();
      const failed = await run(process.execPath, ['apps/server/src/migrate.ts'], {
        cwd: repoRoot,
        env: environment(newDataDir(), url.href),
      }).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/was not migrated\. Migration 0000_\w+ failed and was rolled back/),
      });
      const check = new pg.Client({ connectionString: url.href });
      await check.connect();
      const { rows } = await check.query<{ count: number }>(
        `select count(*)::int as count from information_schema.tables where table_schema = 'public'`,
      );
      await check.end();
      expect(rows[0]!.count).toBe(1);
    });
  }, 120_000);
});
