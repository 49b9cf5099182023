// The job queue: handlers by name, enqueue (inside the caller's transaction), recurring schedules, and running
// due jobs with retries. Each claim carries an owner token, so a worker that lost its job cannot end it.
import { randomUUID } from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import type { Executor } from '../../db/client.ts';
import type { JobRow } from '../../db/schema/index.ts';
import type { JobStore } from './job-store.ts';

export type JobContext = { job: JobRow; now: Date };
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
export type EnqueueOptions = { runAt?: Date; uniqueKey?: string; tx?: Executor };

export const MAX_ATTEMPTS = 5;
/** A claimed job belongs to its worker this long; a crashed worker's job becomes due again after it. */
export const LOCK_MS = 5 * 60_000;
const RETRY_BASE_MS = 30_000;
const BATCH_SIZE = 10;

/** Next time the UTC cron expression fires strictly after `after`; throws on an invalid expression. */
export function nextCronTime(cron: string, after: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: after, tz: 'UTC' }).next().toDate();
}

/** The unique key of a recurring job's pending run: at most one per schedule. */
export const scheduleJobKey = (name: string) => `schedule:${name}`;

export function createJobQueue(deps: {
  store: JobStore;
  now: () => Date;
  onError?: (error: unknown, job: JobRow) => void;
  /** The worker's claim ended before the job did (lock expired and taken over, or cancelled): its result was dropped. */
  onLostOwnership?: (job: JobRow) => void;
}) {
  const handlers = new Map<string, JobHandler>();
  const schedules = new Map<string, string>();
  let isScheduleSaved = false;

  function register(name: string, handler: JobHandler): void {
    if (handlers.has(name)) throw new Error(`job handler ${name} registered twice`);
    handlers.set(name, handler);
  }

  async function runOne(job: JobRow, token: string, now: Date): Promise<boolean> {
    const handler = handlers.get(job.name);
    if (!handler) return false;
    let isOwner: boolean;
    let hasSucceeded = false;
    try {
      await handler(job.payload, { job, now });
      hasSucceeded = true;
      isOwner = await deps.store.endRun({ id: job.id, token, now });
    } catch (error) {
      if (hasSucceeded) throw error;
      deps.onError?.(error, job);
      const isLastAttempt = job.attempts >= MAX_ATTEMPTS;
      const retryAt = isLastAttempt ? null : new Date(now.getTime() + RETRY_BASE_MS * 2 ** (job.attempts - 1));
      isOwner = await deps.store.endRun(
        { id: job.id, token, now },
        { error: error instanceof Error ? error.message : String(error), retryAt },
      );
    }
    if (!isOwner) deps.onLostOwnership?.(job);
    return hasSucceeded && isOwner;
  }

  return {
    register,

    /**
     * A recurring job: `handler` runs once per period of `cron` (UTC, five or six fields), across all instances
     * sharing the database. A period missed while no instance ran is run once, late; older ones are skipped.
     */
    schedule(name: string, cron: string, handler: JobHandler): void {
      nextCronTime(cron, new Date());
      register(name, handler);
      schedules.set(name, cron);
      isScheduleSaved = false;
    },

    async enqueue(name: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<JobRow> {
      const now = deps.now();
      return deps.store.insert(
        { name, payload, runAt: options.runAt ?? now, uniqueKey: options.uniqueKey },
        now,
        options.tx,
      );
    },

    async cancel(uniqueKey: string, tx?: Executor): Promise<void> {
      await deps.store.cancelByKey(uniqueKey, deps.now(), tx);
    },

    /**
     * Enqueues the run of every schedule due at `now`; answers how many were enqueued here. An instance takes a
     * period by moving the schedule's next time forward in the same transaction as the enqueue, so of several
     * instances polling together exactly one enqueues it.
     */
    async enqueueDueSchedules(now: Date = deps.now()): Promise<number> {
      if (!isScheduleSaved) {
        await deps.store.saveSchedules(
          [...schedules].map(([name, cron]) => ({ name, cron, nextRunAt: nextCronTime(cron, now) })),
        );
        isScheduleSaved = true;
      }
      let enqueued = 0;
      for (const [name, cron] of schedules) {
        const isTaken = await deps.store.transaction(async (tx) => {
          const period = await deps.store.takeDueSchedule(name, now, nextCronTime(cron, now), tx);
          if (!period) return false;
          await deps.store.insert(
            { name, payload: { period: period.toISOString() }, runAt: now, uniqueKey: scheduleJobKey(name) },
            now,
            tx,
          );
          return true;
        });
        if (isTaken) enqueued += 1;
      }
      return enqueued;
    },

    /** Runs every job due at `now` (default: the clock), batch after batch; answers how many succeeded. */
    async runDueJobs(now: Date = deps.now()): Promise<number> {
      let succeeded = 0;
      for (;;) {
        const token = randomUUID();
        const claimed = await deps.store.claimDue({
          names: [...handlers.keys()],
          now,
          lockedUntil: new Date(now.getTime() + LOCK_MS),
          limit: BATCH_SIZE,
          token,
        });
        if (claimed.length === 0) return succeeded;
        for (const job of claimed) if (await runOne(job, token, now)) succeeded += 1;
      }
    },

    /** Retention: deletes jobs done more than `doneMs` ago and jobs failed for good more than `failedMs` ago. */
    async deleteFinishedJobs(now: Date, retention: { doneMs: number; failedMs: number }): Promise<number> {
      return deps.store.deleteFinished({
        doneBefore: new Date(now.getTime() - retention.doneMs),
        failedBefore: new Date(now.getTime() - retention.failedMs),
      });
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
