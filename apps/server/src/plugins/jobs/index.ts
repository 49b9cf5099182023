// The app's clock and its job queue (`app.jobs`): one-off and recurring jobs in the database, with a poller that
// enqueues due schedules and runs due jobs until the app closes. The queue's only public entry.
import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from './job-queue.ts';
import { createJobStore } from './job-store.ts';

export { LOCK_MS, MAX_ATTEMPTS, nextCronTime, scheduleJobKey } from './job-queue.ts';
export type { EnqueueOptions, JobContext, JobHandler, JobQueue } from './job-queue.ts';

export type Clock = { now: () => Date };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service reads the time here, so tests can move it (token expiry, lockouts, purges). */
    clock: Clock;
    jobs: JobQueue;
  }
}

export type JobsPluginOptions = {
  /** Run the poller (off in tests: they call `app.jobs.enqueueDueSchedules(now)` and `runDueJobs(now)` themselves). */
  isPolling: boolean;
  pollIntervalMs?: number;
};

const DEFAULT_POLL_INTERVAL_MS = 5_000;
/** Finished jobs are kept this long for inspection, then deleted (docs/jobs.md). */
export const JOB_RETENTION = { doneMs: 7 * 24 * 60 * 60_000, failedMs: 30 * 24 * 60 * 60_000 } as const;
export const JOB_RETENTION_JOB = 'jobs.delete-finished';
const JOB_RETENTION_CRON = '23 * * * *';

export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { isPolling, pollIntervalMs = DEFAULT_POLL_INTERVAL_MS }) => {
    const clock: Clock = { now: () => new Date() };
    app.decorate('clock', clock);
    const queue = createJobQueue({
      store: createJobStore(app.db),
      now: () => clock.now(),
      onError: (error, job) =>
        app.log.error({ err: error, job: { id: job.id, name: job.name, attempts: job.attempts } }, 'job failed'),
      onLostOwnership: (job) =>
        app.log.warn(
          { job: { id: job.id, name: job.name, attempts: job.attempts } },
          'job outlived its claim (lock expired and taken over, or cancelled): its result was dropped',
        ),
    });
    app.decorate('jobs', queue);
    queue.schedule(JOB_RETENTION_JOB, JOB_RETENTION_CRON, async (_payload, { now }) => {
      const deleted = await queue.deleteFinishedJobs(now, JOB_RETENTION);
      if (deleted > 0) app.log.info(`deleted ${deleted} finished jobs`);
    });
    if (!isPolling) return;

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    let isStopped = false;
    const tick = () => {
      running = queue
        .enqueueDueSchedules()
        .then(() => queue.runDueJobs())
        .catch((error: unknown) => app.log.error({ err: error }, 'job poll failed'))
        .finally(() => {
          running = undefined;
          if (!isStopped) timer = setTimeout(tick, pollIntervalMs);
        });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, pollIntervalMs);
    });
    app.addHook('onClose', async () => {
      isStopped = true;
      clearTimeout(timer);
      // Let the batch in progress finish so no job is left half done while its lock holds.
      await running;
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
