import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { PgBoss, TestClock } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from '../../db/job-schema.ts';
import { dbPlugin } from '../db.plugin.ts';
import { concurrencyProves } from '../../test-support/concurrency.ts';
import { queuedJobs } from '../../test-support/jobs.ts';
import { buildTestApp, resetJobQueue, type TestApp } from '../../test-support/test-app.ts';
import { createJobQueue } from './job-queue.ts';
import {
  DELETE_AFTER_SECONDS,
  EXPIRE_SECONDS,
  JOB_DECLARATIONS,
  MAINTENANCE_INTERVAL_SECONDS,
  MAX_ATTEMPTS,
  RETRY_DELAY_SECONDS,
  bossConnection,
  createBoss,
  jobsPlugin,
  type JobDeps,
} from './index.ts';

const DAY_MS = 24 * 60 * 60_000;
const DELETE_FILES = 'storage.delete-files';
const PURGE = 'accounts.purge';

/** A promise with its resolve function outside, to hold a handler mid-run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Handlers' services as fakes: a test sets the ones its jobs call. */
function fakeDeps(overrides: Partial<JobDeps>): JobDeps {
  const unused = () => Promise.reject(new Error('not used in this test'));
  return {
    db: undefined as unknown as JobDeps['db'],
    log: { info: () => undefined },
    storage: { remove: unused },
    deliverMail: null,
    deleteExpiredAccountRows: unused,
    accounts: { purgeAccount: unused },
    dataExport: { runBuild: unused, expire: unused },
    visitors: { deleteExpired: unused },
    notifications: {} as JobDeps['notifications'],
    traffic: { sendPostback: unused, forgetEndedVisitors: unused },
    safety: { screenPhoto: unused, forgetFingerprints: unused },
    ...overrides,
  };
}

describe('job queue (pg-boss)', () => {
  let app: TestApp;
  const bosses: PgBoss[] = [];
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterEach(async () => {
    // Each test's jobs are its own, and no test's clock outlives it.
    await resetJobQueue(app.db);
  });
  afterAll(async () => {
    for (const boss of bosses) await boss.stop({ graceful: false, close: true });
    await app.close();
  });

  /** Another instance's queue on the same database (its own pg-boss), with the given services. */
  async function newQueue(deps: Partial<JobDeps>, now = () => new Date()) {
    const boss = createBoss(app.databaseQueue, false);
    bosses.push(boss);
    await boss.start();
    const lost: string[] = [];
    const errors: string[] = [];
    const queue = createJobQueue({
      boss,
      now,
      onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
      onLostOwnership: (job) => lost.push(job.id),
    });
    queue.handle(fakeDeps(deps));
    return Object.assign(queue, { boss, lost, errors });
  }
  const job = async (id: string) => (await queuedJobs(app.db, { id }))[0]!;
  /** pg-boss runs a queue's maintenance at most once per interval across instances: let the next pass run now. */
  const supervise = async (boss: PgBoss) => {
    await app.db.execute(sql.raw(`update ${JOB_SCHEMA}.queue set maintain_on = null, monitor_on = null`));
    await boss.supervise();
  };

  it('declares every queue with the retries, back-off, expiry and retention of docs/jobs.md', async () => {
    const boss = createBoss(app.databaseQueue, false);
    bosses.push(boss);
    await boss.start();
    for (const [name, declaration] of Object.entries(JOB_DECLARATIONS)) {
      expect(await boss.getQueue(name)).toMatchObject({
        policy: 'unique' in declaration && declaration.unique ? 'stately' : 'standard',
        // A declaration's own attempts, else the default (the postback job retries for 24 hours).
        retryLimit: ('attempts' in declaration && declaration.attempts ? declaration.attempts : MAX_ATTEMPTS) - 1,
        retryDelay: RETRY_DELAY_SECONDS,
        retryBackoff: true,
        expireInSeconds: EXPIRE_SECONDS,
        deleteAfterSeconds: DELETE_AFTER_SECONDS,
      });
    }
    const schedules = await boss.getSchedules();
    expect(schedules.map((schedule) => schedule.name).sort()).toEqual(
      Object.entries(JOB_DECLARATIONS)
        .filter(([, declaration]) => 'cron' in declaration)
        .map(([name]) => name)
        .sort(),
    );
    for (const schedule of schedules) expect(schedule).toMatchObject({ timezone: 'UTC' });
  });

  it('checks a payload against its declaration when it is enqueued', async () => {
    await expect(app.jobs.enqueue(PURGE, { userId: -1 })).rejects.toThrow();
    await expect(app.jobs.enqueue(DELETE_FILES, { keys: 'a' } as never)).rejects.toThrow();
    // Only a unique job takes a unique key.
    await expect(app.jobs.enqueue(DELETE_FILES, { keys: [] }, { uniqueKey: 'k' })).rejects.toThrow(
      /not declared unique/,
    );
  });

  it('runs a job when it is due, once', async () => {
    const removed: string[] = [];
    const queue = await newQueue({ storage: { remove: async (key) => void removed.push(key) } });
    const later = new Date(Date.now() + 60_000);
    const id = await queue.enqueue(DELETE_FILES, { keys: ['a/1.jpg'] }, { runAt: later });
    expect(await queue.runDueJobs(new Date())).toBe(0);
    expect(await queue.runDueJobs(later)).toBe(1);
    expect(await queue.runDueJobs(later)).toBe(0);
    expect(removed).toEqual(['a/1.jpg']);
    expect((await job(id)).state).toBe('completed');
  });

  it('retries a failing job later with back-off, and gives up after the last attempt', async () => {
    let calls = 0;
    const queue = await newQueue({
      storage: {
        remove: async () => {
          calls += 1;
          throw new Error('boom');
        },
      },
    });
    const id = await queue.enqueue(DELETE_FILES, { keys: ['a/1.jpg'] });
    const before = Date.now();
    expect(await queue.runDueJobs()).toBe(0);
    const failed = await job(id);
    // pg-boss counts a retry when it starts: none yet.
    expect(failed).toMatchObject({ state: 'retry', retryCount: 0, output: { message: 'boom' } });
    // The first retry waits 30 to 60 s (30 s doubled per retry, with jitter), by the database's clock.
    const wait = failed.startAfter.getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(RETRY_DELAY_SECONDS * 1000 - 5_000);
    expect(wait).toBeLessThanOrEqual(2 * RETRY_DELAY_SECONDS * 1000 + 5_000);
    let now = Date.now();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS + 2; attempt += 1) {
      now += DAY_MS;
      await queue.runDueJobs(new Date(now));
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(await job(id)).toMatchObject({ state: 'failed', retryCount: MAX_ATTEMPTS - 1 });
  });

  it(`concurrent runners never run a job twice (${concurrencyProves})`, async () => {
    const counts = new Map<string, number>();
    const deps = {
      storage: { remove: async (key: string) => void counts.set(key, (counts.get(key) ?? 0) + 1) },
    };
    const [a, b, c] = [await newQueue(deps), await newQueue(deps), await newQueue(deps)];
    for (let n = 0; n < 30; n += 1) await a.enqueue(DELETE_FILES, { keys: [`k/${n}.jpg`] });
    const done = await Promise.all([a.runDueJobs(), b.runDueJobs(), c.runDueJobs()]);
    expect(done.reduce((sum, value) => sum + value, 0)).toBe(30);
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
  });

  it('fails and retries the job of a worker that died once it has run longer than its expiry; the dead worker then changes nothing', async () => {
    let runs = 0;
    const queue = await newQueue({ storage: { remove: async () => void (runs += 1) } });
    const id = await queue.enqueue(DELETE_FILES, { keys: ['a/1.jpg'] });
    // A worker takes the job and dies without finishing.
    const [taken] = await queue.boss.fetch(DELETE_FILES, { includeMetadata: true });
    expect(taken?.id).toBe(id);
    expect(await queue.runDueJobs()).toBe(0);
    // Its run outlives the expiry: pg-boss's maintenance fails the run and queues the retry.
    await app.db.execute(
      sql.raw(
        `update ${JOB_SCHEMA}.job set started_on = started_on - interval '${EXPIRE_SECONDS + 60} seconds' where id = '${id}'`,
      ),
    );
    await supervise(queue.boss);
    expect(await job(id)).toMatchObject({ state: 'retry', retryCount: 0 });
    expect(await queue.runDueJobs(new Date(Date.now() + DAY_MS))).toBe(1);
    expect(runs).toBe(1);
    // The dead worker comes back: its attempt is over, so neither its success nor its failure touches the job.
    const attempt = { id, retryCount: taken!.retryCount };
    expect(await queue.boss.complete(DELETE_FILES, attempt)).toMatchObject({ affected: 0 });
    expect(await queue.boss.fail(DELETE_FILES, attempt, new Error('late'))).toMatchObject({ affected: 0 });
    expect(await job(id)).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it('keeps one waiting job per unique key (a new enqueue moves it to the new time and payload) and cancels by key', async () => {
    const queue = await newQueue({});
    const first = await queue.enqueue(PURGE, { userId: 1 }, { uniqueKey: 'k1', runAt: new Date(Date.now() + 1000) });
    const runAt = new Date(Date.now() + 5000);
    const second = await queue.enqueue(PURGE, { userId: 2 }, { uniqueKey: 'k1', runAt });
    expect(second).toBe(first);
    expect(await job(first)).toMatchObject({ data: { userId: 2 }, state: 'created', startAfter: runAt });
    await queue.cancel(PURGE, 'k1');
    expect((await job(first)).state).toBe('cancelled');
    const third = await queue.enqueue(PURGE, { userId: 3 }, { uniqueKey: 'k1' });
    expect(third).not.toBe(first);
    // Key-less enqueues of a unique job are never merged.
    const [x, y] = [await queue.enqueue(PURGE, { userId: 4 }), await queue.enqueue(PURGE, { userId: 4 })];
    expect(x).not.toBe(y);
  });

  it('cancelling the key of a running job drops its handler’s result, and reports it', async () => {
    const held = gate();
    let runs = 0;
    const queue = await newQueue({
      accounts: {
        purgeAccount: async () => {
          runs += 1;
          await held.opened;
        },
      },
    });
    const id = await queue.enqueue(PURGE, { userId: 1 }, { uniqueKey: 'outlived' });
    const running = queue.runDueJobs();
    await expect.poll(() => runs).toBe(1);
    await queue.cancel(PURGE, 'outlived');
    held.open();
    expect(await running).toBe(0);
    expect(queue.lost).toEqual([id]);
    expect((await job(id)).state).toBe('cancelled');
  });

  it('re-enqueueing the unique key of a running job queues the new payload, run after the current run and never beside it', async () => {
    const held = gate();
    const seen: number[] = [];
    const purgeAccount = async (userId: number) => {
      seen.push(userId);
      if (userId === 1) await held.opened;
    };
    const queue = await newQueue({ accounts: { purgeAccount } });
    const other = await newQueue({ accounts: { purgeAccount } });
    const id = await queue.enqueue(PURGE, { userId: 1 }, { uniqueKey: 'rerun' });
    const running = queue.runDueJobs();
    await expect.poll(() => seen).toEqual([1]);

    const again = await queue.enqueue(PURGE, { userId: 2 }, { uniqueKey: 'rerun' });
    expect(again).not.toBe(id);
    expect(await job(id)).toMatchObject({ state: 'active', data: { userId: 1 } });
    // Another instance finds nothing to run while the first run of the key goes on.
    expect(await other.runDueJobs()).toBe(0);
    expect(seen).toEqual([1]);

    held.open();
    // The first run ends, and the queued run (due now) follows in the same pass.
    expect(await running).toBe(2);
    expect(seen).toEqual([1, 2]);
    expect(queue.lost).toEqual([]);
    expect(await job(again)).toMatchObject({ state: 'completed', data: { userId: 2 } });
  });

  it('spreads the queues’ daily maintenance over the day: a pass on a new database walks one queue, not all', async () => {
    const boss = createBoss(app.databaseQueue, false);
    bosses.push(boss);
    await boss.start();
    const queue = createJobQueue({ boss, now: () => new Date() });
    const names = Object.keys(JOB_DECLARATIONS);
    const stamps = async () =>
      (
        (await app.db.execute(
          sql.raw(`select name, extract(epoch from ${JOB_SCHEMA}.job_now() - maintain_on)::float8 as age
                   from ${JOB_SCHEMA}.queue where name in (${names.map((name) => `'${name}'`).join(', ')})
                   order by name`),
        )) as unknown as { rows: { name: string; age: number | null }[] }
      ).rows;
    // As on a database no pass has ever run against.
    await app.db.execute(sql.raw(`update ${JOB_SCHEMA}.queue set maintain_on = null, monitor_on = null`));
    await queue.declare();
    const ages = (await stamps()).map((row) => row.age!);
    expect(ages).toHaveLength(names.length);
    // Due one slot after another across the day: the first now, the last a slot before the day ends.
    const slot = MAINTENANCE_INTERVAL_SECONDS / names.length;
    for (const [index, age] of ages.entries())
      expect(Math.abs(age - (MAINTENANCE_INTERVAL_SECONDS - index * Math.floor(slot)))).toBeLessThan(5);
    await boss.supervise();
    const walked = (await stamps()).filter((row) => row.age! < 60);
    expect(walked).toHaveLength(1);
    // Declaring again (another instance starting) leaves the slots alone.
    await queue.declare();
    expect((await stamps()).filter((row) => row.age! < 60)).toEqual(
      walked.map((row) => expect.objectContaining({ name: row.name })),
    );
  });

  it('deletes finished jobs after the retention period, through pg-boss’s maintenance', async () => {
    const queue = await newQueue({ storage: { remove: async () => undefined } });
    const [old, recent] = [
      await queue.enqueue(DELETE_FILES, { keys: ['x/old.jpg'] }),
      await queue.enqueue(DELETE_FILES, { keys: ['x/recent.jpg'] }),
    ];
    const pending = await queue.enqueue(
      DELETE_FILES,
      { keys: ['x/later.jpg'] },
      { runAt: new Date(Date.now() + DAY_MS) },
    );
    expect(await queue.runDueJobs()).toBe(2);
    const finishedAgo = async (id: string, seconds: number) =>
      app.db.execute(
        sql.raw(`update ${JOB_SCHEMA}.job set completed_on = now() - interval '${seconds} seconds' where id = '${id}'`),
      );
    await finishedAgo(old, DELETE_AFTER_SECONDS + 60);
    await finishedAgo(recent, DELETE_AFTER_SECONDS - 3600);
    await supervise(queue.boss);
    const left = (await queuedJobs(app.db, { name: DELETE_FILES })).map((row) => row.id);
    expect(left).toEqual(expect.arrayContaining([recent, pending]));
    expect(left).not.toContain(old);
  });

  it(`runs a recurring job once per period with two instances on one database (${concurrencyProves})`, async () => {
    // pg-boss's own test clock moves the database's clock (its job_now()) and the instances' timers together.
    const clock = new TestClock(new Date('2030-01-01T00:00:00.000Z'));
    const name = 'test.every-ten-minutes';
    const makeBoss = async () => {
      const boss = new PgBoss({
        ...bossConnection(app.databaseQueue),
        schema: JOB_SCHEMA,
        migrate: false,
        supervise: false,
        schedule: true,
        registerInstance: false,
        clock,
      });
      bosses.push(boss);
      await boss.start();
      return boss;
    };
    const [a, b] = [await makeBoss(), await makeBoss()];
    await a.createQueue(name);
    // Both instances declare the schedule, as every instance of the app does when it starts.
    await Promise.all([
      a.schedule(name, '*/10 * * * *', {}, { tz: 'UTC' }),
      b.schedule(name, '*/10 * * * *', {}, { tz: 'UTC' }),
    ]);
    try {
      for (let minute = 1; minute <= 60; minute += 1) await clock.tick(60_000);
      const runs = await queuedJobs(app.db, { name });
      const periods = runs
        .map((run) => new Date(Math.floor(run.startAfter.getTime() / 600_000) * 600_000).toISOString())
        .sort();
      // From the start (00:00, due at the first pass) to the last pass (01:00): each period once, by one instance.
      expect(periods).toEqual(
        Array.from({ length: 7 }, (_, index) => new Date(Date.UTC(2030, 0, 1, 0, index * 10)).toISOString()),
      );
    } finally {
      await a.unschedule(name);
      await a.deleteQueue(name);
    }
  });

  it('carries the jobs still waiting in the old queue’s table over into pg-boss, once', async () => {
    const runAt = new Date(Date.now() + 14 * DAY_MS);
    // Migration 0025 leaves the table (renamed); a test database migrated by an earlier 0025 that dropped it gets the
    // old queue's columns back for this test.
    await app.db.execute(sql`
      create table if not exists legacy_jobs (id serial primary key, name text not null, payload jsonb not null,
        run_at timestamptz not null default now(), unique_key text, done_at timestamptz, failed_at timestamptz,
        next_run_at timestamptz, next_payload jsonb)
    `);
    await app.db.execute(sql`
      insert into legacy_jobs (name, payload, run_at, unique_key, done_at, failed_at) values
        (${PURGE}, '{"userId": 7}', ${runAt}, ${`${PURGE}:7`}, null, null),
        (${DELETE_FILES}, '{"keys": ["x/1.jpg"]}', now(), null, null, null),
        (${DELETE_FILES}, '{"keys": ["x/done.jpg"]}', now(), null, now(), null),
        (${DELETE_FILES}, '{"keys": 3}', now(), null, null, null),
        ('test.gone', '{}', now(), null, null, null),
        ('accounts.delete-expired', '{"period": "2030-01-01T00:00:00.000Z"}', now(), 'schedule:accounts.delete-expired', null, null)
    `);
    const queue = await newQueue({});
    const dropped: string[] = [];
    const other = createJobQueue({
      boss: queue.boss,
      now: () => new Date(),
      onLegacyJobDropped: (job) => dropped.push(job.name),
    });
    expect(await other.carryOverLegacyJobs(app.db)).toBe(2);
    expect(dropped.sort()).toEqual([DELETE_FILES, 'test.gone']);
    expect(await queuedJobs(app.db, { name: PURGE })).toMatchObject([
      { data: { userId: 7 }, singletonKey: `${PURGE}:7`, startAfter: runAt, state: 'created' },
    ]);
    expect(await queuedJobs(app.db, { name: DELETE_FILES })).toMatchObject([{ data: { keys: ['x/1.jpg'] } }]);
    expect(await queuedJobs(app.db, { name: 'accounts.delete-expired' })).toEqual([]);
    // Moved, not copied: a second start finds nothing left to carry over.
    expect(await other.carryOverLegacyJobs(app.db)).toBe(0);
  });

  it('a job queued inside a transaction wakes its worker when the transaction commits, long before the backstop', async () => {
    const worker = Fastify();
    await worker.register(dbPlugin, { database: app.database, isOwned: false });
    // Idle workers look by themselves only every 120 s: only the wake at commit can run the job within the test.
    await worker.register(jobsPlugin, { isPolling: true, pollIntervalSeconds: 120, backstopSeconds: 120 });
    const removed: string[] = [];
    const purged: number[] = [];
    worker.jobs.handle(
      fakeDeps({
        storage: { remove: async (key) => void removed.push(key) },
        accounts: { purgeAccount: async (userId) => void purged.push(userId) },
      }),
    );
    try {
      await worker.ready();
      await worker.db.transaction(async (tx) => {
        await worker.jobs.enqueue(DELETE_FILES, { keys: ['x/in-transaction.jpg'] }, { tx });
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Not before the commit: the job does not exist outside the transaction yet.
        expect(removed).toEqual([]);
      });
      await expect.poll(() => removed, { timeout: 10_000 }).toEqual(['x/in-transaction.jpg']);
      // A unique job too (an upsert by key), on the database's clock: one due by the app's clock alone was not NOTIFYd.
      await worker.db.transaction((tx) => worker.jobs.enqueue(PURGE, { userId: 41 }, { tx, uniqueKey: `${PURGE}:41` }));
      await expect.poll(() => purged, { timeout: 10_000 }).toEqual([41]);
      // A rolled-back transaction's job never runs.
      await worker.db
        .transaction(async (tx) => {
          await worker.jobs.enqueue(DELETE_FILES, { keys: ['x/rolled-back.jpg'] }, { tx });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await worker.jobs.enqueue(DELETE_FILES, { keys: ['x/after.jpg'] });
      await expect.poll(() => removed, { timeout: 10_000 }).toEqual(['x/in-transaction.jpg', 'x/after.jpg']);
    } finally {
      await worker.close();
    }
  });

  it('polls for due jobs in the background and stops polling when the app closes', async () => {
    const poller = Fastify();
    await poller.register(dbPlugin, { database: app.database, isOwned: false });
    await poller.register(jobsPlugin, { isPolling: true, pollIntervalSeconds: 0.5 });
    const removed: string[] = [];
    poller.jobs.handle(fakeDeps({ storage: { remove: async (key) => void removed.push(key) } }));
    await poller.ready();
    await poller.jobs.enqueue(DELETE_FILES, { keys: ['x/polled.jpg'] });
    await expect.poll(() => removed, { timeout: 10_000 }).toEqual(['x/polled.jpg']);
    await poller.close();
    // The positive signal: a live poller with the same interval picks up jobs enqueued after the close, one a poll. A
    // closed poller still polling would have had the same turns and taken some of them.
    const live = Fastify();
    await live.register(dbPlugin, { database: app.database, isOwned: false });
    await live.register(jobsPlugin, { isPolling: true, pollIntervalSeconds: 0.5 });
    const removedByLive: string[] = [];
    live.jobs.handle(fakeDeps({ storage: { remove: async (key) => void removedByLive.push(key) } }));
    try {
      await live.ready();
      const afterClose = ['x/after-close-1.jpg', 'x/after-close-2.jpg', 'x/after-close-3.jpg'];
      for (const key of afterClose) await app.jobs.enqueue(DELETE_FILES, { keys: [key] });
      await expect.poll(() => [...removedByLive].sort(), { timeout: 10_000 }).toEqual(afterClose);
    } finally {
      await live.close();
    }
    expect(removed).toEqual(['x/polled.jpg']);
  });
});
