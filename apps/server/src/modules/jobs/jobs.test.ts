import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.ts';
import { dbPlugin } from '../../plugins/db.plugin.ts';
import { jobsPlugin } from '../../plugins/jobs.plugin.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createJobsRepository } from './jobs.repository.ts';
import { LOCK_MS, MAX_ATTEMPTS, createJobQueue } from './jobs.service.ts';

describe('job queue', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  function newQueue(now = () => new Date()) {
    return createJobQueue({ jobsRepository: createJobsRepository(app.db), now });
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
    expect(row).toMatchObject({ attempts: 1, lastError: 'boom', failedAt: null, lockedUntil: null });
    expect(row.runAt.getTime()).toBe(now.getTime() + 30_000);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS + 2; attempt += 1) {
      now = new Date(now.getTime() + 24 * 60 * 60 * 1000);
      await queue.runDueJobs(now);
    }
    row = await jobRow(job.id);
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(row.failedAt).not.toBeNull();
  });

  it('claims with SKIP LOCKED: concurrent runners never run a job twice', async () => {
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
    const repository = createJobsRepository(app.db);
    const queue = newQueue();
    let runs = 0;
    queue.register('test.crash', async () => void (runs += 1));
    const job = await queue.enqueue('test.crash', {});
    const now = new Date();
    // A worker claims it and dies without finishing.
    const [claimed] = await repository.claimDue({ names: ['test.crash'], now, lockedUntil: new Date(now.getTime() + LOCK_MS), limit: 1 });
    expect(claimed?.id).toBe(job.id);
    expect(await queue.runDueJobs(new Date(now.getTime() + 1000))).toBe(0);
    expect(await queue.runDueJobs(new Date(now.getTime() + LOCK_MS + 1000))).toBe(1);
    expect(runs).toBe(1);
  });

  it('keeps one pending job per unique key (a new enqueue moves it) and cancels by key', async () => {
    const queue = newQueue();
    queue.register('test.unique', async () => {});
    const first = await queue.enqueue('test.unique', { v: 1 }, { uniqueKey: 'k1', runAt: new Date(Date.now() + 1000) });
    const second = await queue.enqueue('test.unique', { v: 2 }, { uniqueKey: 'k1', runAt: new Date(Date.now() + 5000) });
    expect(second.id).toBe(first.id);
    expect(second.payload).toEqual({ v: 2 });
    await queue.cancel('k1');
    expect((await jobRow(first.id)).doneAt).not.toBeNull();
    const third = await queue.enqueue('test.unique', { v: 3 }, { uniqueKey: 'k1' });
    expect(third.id).not.toBe(first.id);
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
