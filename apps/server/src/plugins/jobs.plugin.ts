// The app's clock and its job queue (`app.jobs`), with a poller that runs due jobs until the app closes.
import fp from 'fastify-plugin';
import { createJobsRepository } from '../modules/jobs/jobs.repository.ts';
import { createJobQueue, type JobQueue } from '../modules/jobs/jobs.service.ts';

export type Clock = { now: () => Date };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service reads the time here, so tests can move it (token expiry, lockouts, purges). */
    clock: Clock;
    jobs: JobQueue;
  }
}

export type JobsPluginOptions = {
  /** Run the poller (off in tests: they call `app.jobs.runDueJobs(now)` themselves). */
  isPolling: boolean;
  pollIntervalMs?: number;
};

const DEFAULT_POLL_INTERVAL_MS = 5_000;

export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { isPolling, pollIntervalMs = DEFAULT_POLL_INTERVAL_MS }) => {
    const clock: Clock = { now: () => new Date() };
    app.decorate('clock', clock);
    const queue = createJobQueue({
      jobsRepository: createJobsRepository(app.db),
      now: () => clock.now(),
      onError: (error, job) => app.log.error({ err: error, job: { id: job.id, name: job.name, attempts: job.attempts } }, 'job failed'),
    });
    app.decorate('jobs', queue);
    if (!isPolling) return;

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    let isStopped = false;
    const tick = () => {
      running = queue
        .runDueJobs()
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
