// The crash test of the transactional outbox (docs/event-bus.md): a like commits, the server is killed (SIGKILL) after
// the commit and before anything was delivered, and what the like set in motion still happens: a new process on the
// same database delivers it (the notification's jobs are enqueued), and on PostgreSQL with Redis an instance that
// survived drops its cached poll version when the sweeper delivers the like's `poll.changed`.
// Vitest project `process`: each test starts real servers.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openMigratedDatabase, type Database } from '../../db/client.ts';
import { clientHeaders, testConfig, type TestApp } from '../../test-support/test-app.ts';
import { createMember, type TestMember } from '../../test-support/members.ts';
import { dropDatabaseWhenFree } from '../../test-support/databases.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const START_TIMEOUT_MS = 60_000;
/** The crashed writer's claim on its events: short, so the sweeper of the next process takes them over soon. */
const LEASE_MS = 1_000;

type Server = { child: ChildProcess; output: () => string; exited: Promise<NodeJS.Signals | number | null> };
const cleanups: (() => Promise<unknown> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function startServer(env: Record<string, string | undefined>): Server {
  const { DATABASE_URL: _database, REDIS_URL: _redis, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
      OUTBOX_LEASE_MS: String(LEASE_MS),
      OUTBOX_SWEEP_INTERVAL_MS: '200',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, output: () => output, exited };
}

async function portOf(server: Server): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const port = /Site running at http:\/\/localhost:(\d+)/.exec(server.output())?.[1];
    if (port) return port;
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out:\n${server.output()}`);
}

/** A member's request to a server process, with their session cookie. */
function request(port: string, member: TestMember, pathname: string, init: RequestInit = {}) {
  return fetch(`http://127.0.0.1:${port}${pathname}`, {
    ...init,
    headers: {
      ...clientHeaders,
      cookie: `sid=${member.client.cookie}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

/** Two members (a liker and the liked), made in-process on the database the servers then open. */
async function prepareMembers(config: ReturnType<typeof testConfig>) {
  const app = (await buildApp(config, { serveWeb: false })) as unknown as TestApp;
  await app.ready();
  try {
    return { liker: await createMember(app), liked: await createMember(app) };
  } finally {
    await app.close();
  }
}

/** Jobs of this name, in whichever table the job queue keeps them (pg-boss's `job`, else the former `jobs`). */
async function countJobs(db: Database, name: string): Promise<number> {
  const found = (await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.columns
    where table_name in ('jobs', 'job') and column_name = 'name' and table_schema not in ('information_schema', 'pg_catalog')
    order by table_name limit 1
  `)) as unknown as { rows: { schema: string; name: string }[] };
  const table = found.rows[0];
  if (!table) throw new Error('no job table');
  const counted = (await db.execute(
    sql`select count(*)::int as count from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} where name = ${name}`,
  )) as unknown as { rows: { count: number }[] };
  return counted.rows[0]?.count ?? 0;
}

/** What a like to `liked` left in the database: its outbox rows, the like mail's due time and job. */
async function stateOf(db: Database, liked: TestMember) {
  const outbox = (await db.execute(sql`select topic from outbox_events order by created_at`)) as unknown as {
    rows: { topic: string }[];
  };
  const settings = (await db.execute(
    sql`select like_mail_due_at from notification_settings where user_id = ${liked.user.id}`,
  )) as unknown as { rows: { like_mail_due_at: Date | null }[] };
  return {
    outboxTopics: outbox.rows.map((row) => row.topic),
    likeMailDue: Boolean(settings.rows[0]?.like_mail_due_at),
    likeMailJobs: await countJobs(db, 'notifications.like-mail'),
  };
}

/** Polls `check` until it holds (a sweep runs every 200 ms once the crashed writer's claim ran out). */
async function eventually<T>(check: () => Promise<T>, isDone: (value: T) => boolean, limitMs = 20_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (isDone(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('outbox crash test', () => {
  it('embedded database: a like committed by a process killed before delivery is delivered by the next process', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-outbox-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const config = testConfig({ dataDir, pgliteDataDir: path.join(dataDir, 'pglite'), redisUrl: undefined });
    const { liker, liked } = await prepareMembers(config);
    const inspect = async () => {
      const handle = await openMigratedDatabase({ pgliteDataDir: config.pgliteDataDir });
      try {
        return await stateOf(handle.db, liked);
      } finally {
        await handle.close();
      }
    };

    const crashing = startServer({ DATA_DIR: dataDir, OUTBOX_CRASH_AFTER_COMMIT_FOR_TESTS: '1' });
    const port = await portOf(crashing);
    const like = request(port, liker, '/api/like.php', {
      method: 'POST',
      body: JSON.stringify({ id: liked.profileId }),
    });
    await expect(like).rejects.toThrow();
    expect(await crashing.exited).toBe('SIGKILL');
    expect(crashing.output()).toContain('outbox: killed after commit, before delivery');
    // The like committed with its events; nothing of them was delivered.
    const afterCrash = await inspect();
    expect(afterCrash.outboxTopics).toEqual(['poll.changed', 'realtime', 'like.created']);
    expect(afterCrash).toMatchObject({ likeMailDue: false, likeMailJobs: 0 });

    const next = startServer({ DATA_DIR: dataDir });
    const nextPort = await portOf(next);
    // The like is there (it committed), and the next process's sweeper delivers its events once the claim ran out.
    const likes = await request(nextPort, liked, '/api/likes.php');
    expect(((await likes.json()) as { liked_by: { id: number }[] }).liked_by).toEqual([
      { id: liker.profileId, like_new: true },
    ]);
    await eventually(
      async () => next.output(),
      (output) => output.includes('outbox: delivered 3 events left behind'),
    );
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(await inspect()).toEqual({ outboxTopics: [], likeMailDue: true, likeMailJobs: 1 });
  }, 120_000);

  const serverUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  it.skipIf(!serverUrl || !redisUrl)(
    'PostgreSQL and Redis: the surviving instance hears of the poll change, and the notification is enqueued once',
    async () => {
      const database = `outbox_crash_${randomUUID().slice(0, 8)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${database}`);
      cleanups.push(async () => {
        await dropDatabaseWhenFree(admin, database);
        await admin.end();
      });
      const url = new URL(serverUrl!);
      url.pathname = `/${database}`;
      const databaseUrl = url.toString();
      const keyPrefix = `test:outbox-crash:${randomUUID().slice(0, 8)}:`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-outbox-crash-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const { liker, liked } = await prepareMembers(
        testConfig({ dataDir, databaseUrl, redisUrl: undefined, redisKeyPrefix: keyPrefix }),
      );
      const shared = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix };

      const survivor = startServer(shared);
      const survivorPort = await portOf(survivor);
      // The liked member polls through the survivor: it keeps the version of their likes in memory.
      const before = await request(survivorPort, liked, '/api/likes.php');
      expect(before.status).toBe(200);
      const tag = before.headers.get('etag')!;
      expect((await request(survivorPort, liked, '/api/likes.php', { headers: { 'if-none-match': tag } })).status).toBe(
        304,
      );

      const crashing = startServer({ ...shared, OUTBOX_CRASH_AFTER_COMMIT_FOR_TESTS: '1' });
      const port = await portOf(crashing);
      const like = request(port, liker, '/api/like.php', {
        method: 'POST',
        body: JSON.stringify({ id: liked.profileId }),
      });
      await expect(like).rejects.toThrow();
      expect(await crashing.exited).toBe('SIGKILL');

      const db = await openMigratedDatabase({ databaseUrl, pgliteDataDir: '' });
      cleanups.push(() => db.close());
      // The survivor's sweeper takes the events over once the crashed writer's claim ran out: its cached version goes.
      const poll = await eventually(
        () => request(survivorPort, liked, '/api/likes.php', { headers: { 'if-none-match': tag } }),
        (response) => response.status === 200,
      );
      expect(poll.status).toBe(200);
      expect(((await poll.json()) as { liked_by: { id: number }[] }).liked_by).toEqual([
        { id: liker.profileId, like_new: true },
      ]);
      const state = await eventually(
        () => stateOf(db.db, liked),
        (value) => value.outboxTopics.length === 0,
      );
      expect(state).toEqual({ outboxTopics: [], likeMailDue: true, likeMailJobs: 1 });
    },
    120_000,
  );
});
