import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSchedules, jobs } from '../../db/schema/index.ts';
import { dbPlugin } from '../db.plugin.ts';
import { concurrencyProves } from '../../test-support/concurrency.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createJobQueue } from './job-queue.ts';
import { createJobStore } from './job-store.ts';
import { JOB_RETENTION, JOB_RETENTION_JOB, LOCK_MS, MAX_ATTEMPTS, jobsPlugin } from './index.ts';

const DAY_MS = 24 * 60 * 60_000;

/** A promise with its resolve function outside, to hold a handler mid-run. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('job queue', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  function newQueue(now = () => new Date()) {
    const lost: number[] = [];
    const queue = createJobQueue({ store: createJobStore(app.db), now, onLostOwnership: (job) => lost.push(job.id) });
    return Object.assign(queue, { lost });
  }
  const jobRow = async (id: number) => (await app.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it('runs a job when it is due, once', async () => {
    const queue = newQueue();
    const seen: unknown[] = [];
    queue.register('test.collect', async (payload) => void seen.push(payload.value));
    const later = new Date(Date.now() + 60_000);
    const job = await queue.enqueue('test.collect', { value: 1 }, { runAt: later });
    expect(await queue.runDueJobs(new Date())).toBe(0);
    expect(await queue.runDueJobs(later)).toBe(1);
    expect(await queue.runDueJobs(later)).toBe(0);
    expect(seen).toEqual([1]);
    expect(await jobRow(job.id)).toMatchObject({ lockedBy: null, lockedUntil: null });
    expect((await jobRow(job.id)).doneAt).not.toBeNull();
  });

  it('retries a failing job later with backoff, and gives up after the last attempt', async () => {
    const queue = newQueue();
    let calls = 0;
    queue.register('test.fail', async () => {
      calls += 1;
      throw new Error('boom');
    });
    const job = await queue.enqueue('test.fail', {});
    let now = new Date();
    await queue.runDueJobs(now);
    let row = await jobRow(job.id);
    expect(row).toMatchObject({ attempts: 1, lastError: 'boom', failedAt: null, lockedUntil: null, lockedBy: null });
    expect(row.runAt.getTime()).toBe(now.getTime() + 30_000);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS + 2; attempt += 1) {
      now = new Date(now.getTime() + DAY_MS);
      await queue.runDueJobs(now);
    }
    row = await jobRow(job.id);
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(row.failedAt).not.toBeNull();
  });

  it(`claims with SKIP LOCKED: concurrent runners never run a job twice (${concurrencyProves})`, async () => {
    const counts = new Map<number, number>();
    const makeQueue = () => {
      const queue = newQueue();
      queue.register('test.count', async (payload) => {
        counts.set(Number(payload.n), (counts.get(Number(payload.n)) ?? 0) + 1);
      });
      return queue;
    };
    const [a, b, c] = [makeQueue(), makeQueue(), makeQueue()];
    for (let n = 0; n < 30; n += 1) await a.enqueue('test.count', { n });
    const now = new Date(Date.now() + 1000);
    const done = await Promise.all([a.runDueJobs(now), b.runDueJobs(now), c.runDueJobs(now)]);
    expect(done.reduce((sum, value) => sum + value, 0)).toBe(30);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    expect(counts.size).toBe(30);
  });

  it('picks up a job whose worker died once its lock has expired', async () => {
    const store = createJobStore(app.db);
    const queue = newQueue();
    let runs = 0;
    queue.register('test.crash', async () => void (runs += 1));
    const job = await queue.enqueue('test.crash', {});
    const now = new Date();
    // A worker claims it and dies without finishing.
    const [claimed] = await store.claimDue({
      names: ['test.crash'],
      now,
      lockedUntil: new Date(now.getTime() + LOCK_MS),
      limit: 1,
      token: 'dead-worker',
    });
    expect(claimed?.id).toBe(job.id);
    expect(await queue.runDueJobs(new Date(now.getTime() + 1000))).toBe(0);
    expect(await queue.runDueJobs(new Date(now.getTime() + LOCK_MS + 1000))).toBe(1);
    expect(runs).toBe(1);
  });

  it('lets only the worker that owns a job finish or fail it: a worker whose lock expired and was taken over changes nothing', async () => {
    const store = createJobStore(app.db);
    const queue = newQueue();
    const job = await queue.enqueue('test.owned', {});
    const now = new Date();
    const [first] = await store.claimDue({
      names: ['test.owned'],
      now,
      lockedUntil: new Date(now.getTime() + LOCK_MS),
      limit: 1,
      token: 'slow',
    });
    const later = new Date(now.getTime() + LOCK_MS + 1000);
    const [second] = await store.claimDue({
      names: ['test.owned'],
      now: later,
      lockedUntil: new Date(later.getTime() + LOCK_MS),
      limit: 1,
      token: 'fast',
    });
    expect([first?.id, second?.id]).toEqual([job.id, job.id]);

    // The slow worker comes back: neither its success nor its failure touches the job the fast worker now holds.
    expect(await store.endRun({ id: job.id, token: 'slow', now: later })).toBe(false);
    expect(await store.endRun({ id: job.id, token: 'slow', now: later }, { error: 'late', retryAt: null })).toBe(false);
    expect(await jobRow(job.id)).toMatchObject({
      doneAt: null,
      failedAt: null,
      lastError: null,
      lockedBy: 'fast',
      attempts: 2,
    });

    expect(await store.endRun({ id: job.id, token: 'fast', now: later })).toBe(true);
    expect((await jobRow(job.id)).doneAt).not.toBeNull();
    // Once done, not even the owner's token ends it again.
    expect(await store.endRun({ id: job.id, token: 'fast', now: later }, { error: 'twice', retryAt: null })).toBe(
      false,
    );
  });

  it('drops the result of a handler that outlived its claim, and reports it', async () => {
    const now = new Date();
    const slow = newQueue(() => now);
    const fast = newQueue(() => now);
    const held = gate();
    let slowRuns = 0;
    let fastRuns = 0;
    slow.register('test.outlived', async () => {
      slowRuns += 1;
      await held.opened;
      throw new Error('slow failure');
    });
    fast.register('test.outlived', async () => void (fastRuns += 1));
    const job = await slow.enqueue('test.outlived', {});
    const slowRun = slow.runDueJobs(now);
    await expect.poll(() => slowRuns).toBe(1);
    expect(await fast.runDueJobs(new Date(now.getTime() + LOCK_MS + 1000))).toBe(1);
    held.open();
    expect(await slowRun).toBe(0);
    expect(slow.lost).toEqual([job.id]);
    const row = await jobRow(job.id);
    expect(row.doneAt).not.toBeNull();
    expect(row).toMatchObject({ failedAt: null, lastError: null });
    expect(fastRuns).toBe(1);
  });

  it('keeps one pending job per unique key (a new enqueue moves it) and cancels by key', async () => {
    const queue = newQueue();
    queue.register('test.unique', async () => {});
    const first = await queue.enqueue('test.unique', { v: 1 }, { uniqueKey: 'k1', runAt: new Date(Date.now() + 1000) });
    const second = await queue.enqueue(
      'test.unique',
      { v: 2 },
      { uniqueKey: 'k1', runAt: new Date(Date.now() + 5000) },
    );
    expect(second.id).toBe(first.id);
    expect(second.payload).toEqual({ v: 2 });
    await queue.cancel('k1');
    expect((await jobRow(first.id)).doneAt).not.toBeNull();
    const third = await queue.enqueue('test.unique', { v: 3 }, { uniqueKey: 'k1' });
    expect(third.id).not.toBe(first.id);
  });

  it('re-enqueueing the unique key of a running job keeps its lock, and runs the new payload after the current run', async () => {
    const now = new Date();
    const queue = newQueue(() => now);
    const other = newQueue(() => now);
    const held = gate();
    const seen: unknown[] = [];
    const handler = async (payload: Record<string, unknown>) => {
      seen.push(payload.v);
      if (payload.v === 1) await held.opened;
    };
    queue.register('test.rerun', handler);
    other.register('test.rerun', handler);
    const job = await queue.enqueue('test.rerun', { v: 1 }, { uniqueKey: 'rerun' });
    const running = queue.runDueJobs(now);
    await expect.poll(() => seen).toEqual([1]);
    const claimed = await jobRow(job.id);

    const again = await queue.enqueue('test.rerun', { v: 2 }, { uniqueKey: 'rerun' });
    expect(again.id).toBe(job.id);
    expect(again).toMatchObject({
      lockedBy: claimed.lockedBy,
      lockedUntil: claimed.lockedUntil,
      payload: { v: 1 },
      nextPayload: { v: 2 },
    });
    // Another worker finds nothing to claim while the first one runs it.
    expect(await other.runDueJobs(now)).toBe(0);
    expect(seen).toEqual([1]);

    held.open();
    // The first run ends, and the queued run (due now) follows in the same pass.
    expect(await running).toBe(2);
    expect(seen).toEqual([1, 2]);
    expect(queue.lost).toEqual([]);
    const row = await jobRow(job.id);
    expect(row.doneAt).not.toBeNull();
    expect(row).toMatchObject({ payload: { v: 2 }, nextPayload: null, nextRunAt: null });
  });

  it('deletes done jobs after the retention period and failed ones after theirs, through its own recurring job', async () => {
    const now = new Date();
    const queue = newQueue(() => now);
    const insertFinished = async (values: { doneAt?: Date; failedAt?: Date }) =>
      (
        await app.db
          .insert(jobs)
          .values({ name: 'test.finished', payload: {}, ...values })
          .returning()
      )[0]!.id;
    const oldDone = await insertFinished({ doneAt: new Date(now.getTime() - JOB_RETENTION.doneMs - 1000) });
    const recentDone = await insertFinished({ doneAt: new Date(now.getTime() - JOB_RETENTION.doneMs + 60_000) });
    const oldFailed = await insertFinished({ failedAt: new Date(now.getTime() - JOB_RETENTION.failedMs - 1000) });
    const recentFailed = await insertFinished({ failedAt: new Date(now.getTime() - JOB_RETENTION.doneMs - 1000) });
    const pending = (await queue.enqueue('test.never-registered', {}, { runAt: new Date(now.getTime() - 60 * DAY_MS) }))
      .id;
    expect(await queue.deleteFinishedJobs(now, JOB_RETENTION)).toBe(2);
    const left = (await app.db.select({ id: jobs.id }).from(jobs)).map((row) => row.id);
    expect(left).toEqual(expect.arrayContaining([recentDone, recentFailed, pending]));
    expect(left).not.toContain(oldDone);
    expect(left).not.toContain(oldFailed);

    // The app's queue runs the retention job hourly.
    const stale = await insertFinished({ doneAt: new Date(now.getTime() - JOB_RETENTION.doneMs - 1000) });
    await app.jobs.enqueueDueSchedules(now);
    const [schedule] = await app.db.select().from(jobSchedules).where(eq(jobSchedules.name, JOB_RETENTION_JOB));
    expect(schedule!.nextRunAt.getTime()).toBeGreaterThan(now.getTime());
    expect(schedule!.nextRunAt.getTime()).toBeLessThanOrEqual(now.getTime() + 60 * 60_000);
    const due = new Date(schedule!.nextRunAt.getTime() + 1000);
    // Other hourly schedules (the session cleanup) may fall due in the same window: count the retention job's runs only.
    const retentionRuns = () => app.db.$count(jobs, eq(jobs.name, JOB_RETENTION_JOB));
    expect(await retentionRuns()).toBe(0);
    await app.jobs.enqueueDueSchedules(due);
    expect(await retentionRuns()).toBe(1);
    await app.jobs.runDueJobs(due);
    expect((await app.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, stale))).length).toBe(0);
  });

  it(`runs a recurring job once per period with two queues on one database (${concurrencyProves})`, async () => {
    const runs: string[] = [];
    const makeQueue = () => {
      const queue = newQueue();
      queue.schedule(
        'test.every-ten-minutes',
        '*/10 * * * *',
        async (payload) => void runs.push(String(payload.period)),
      );
      return queue;
    };
    const [a, b] = [makeQueue(), makeQueue()];
    const start = new Date('2030-01-01T00:00:00Z');
    // Both instances start (each saves the schedule; the second finds it there).
    await Promise.all([a.enqueueDueSchedules(start), b.enqueueDueSchedules(start)]);
    // Both poll every minute for an hour, at the same moments, then run what is due.
    let enqueued = 0;
    for (let minute = 1; minute <= 60; minute += 1) {
      const now = new Date(start.getTime() + minute * 60_000 + 500);
      const counts = await Promise.all([a.enqueueDueSchedules(now), b.enqueueDueSchedules(now)]);
      enqueued += counts[0] + counts[1];
      await Promise.all([a.runDueJobs(now), b.runDueJobs(now)]);
    }
    const periods = Array.from({ length: 6 }, (_, index) =>
      new Date(start.getTime() + (index + 1) * 10 * 60_000).toISOString(),
    );
    expect(enqueued).toBe(6);
    expect(runs.sort()).toEqual(periods);
  });

  it('runs a missed period once, late, and skips the older ones; refuses an invalid cron expression', async () => {
    const runs: string[] = [];
    const queue = newQueue();
    queue.schedule('test.hourly', '0 * * * *', async (payload) => void runs.push(String(payload.period)));
    const start = new Date('2031-01-01T00:30:00Z');
    await queue.enqueueDueSchedules(start);
    // No instance ran for five hours.
    const back = new Date('2031-01-01T05:10:00Z');
    expect(await queue.enqueueDueSchedules(back)).toBe(1);
    expect(await queue.enqueueDueSchedules(back)).toBe(0);
    await queue.runDueJobs(back);
    expect(runs).toEqual(['2031-01-01T01:00:00.000Z']);
    const [schedule] = await app.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'test.hourly'));
    expect(schedule!.nextRunAt.toISOString()).toBe('2031-01-01T06:00:00.000Z');

    expect(() => queue.schedule('test.bad', 'every hour', async () => {})).toThrow();
  });

  it('polls for due jobs in the background and stops polling when the app closes', async () => {
    const poller = Fastify();
    await poller.register(dbPlugin, { config: app.appConfig, database: app.database });
    await poller.register(jobsPlugin, { isPolling: true, pollIntervalMs: 20 });
    await poller.ready();
    let runs = 0;
    poller.jobs.register('test.poll', async () => void (runs += 1));
    await poller.jobs.enqueue('test.poll', {});
    await expect.poll(() => runs, { timeout: 5000 }).toBe(1);
    await poller.close();
    await poller.jobs.enqueue('test.poll', {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(1);
  });
});
