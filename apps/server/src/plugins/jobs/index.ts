// The app's clock and its job queue (`app.jobs`, pg-boss: docs/jobs.md). The queues and schedules come from the
// declarations in src/jobs.ts; the handlers are handed in by app.ts (`app.jobs.handle`) once the services exist, and
// the workers start when the app is ready. The queue's only public entry.
import fp from 'fastify-plugin';
import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.ts';
import { JOB_SCHEMA } from '../../db/job-schema.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

export {
  DELETE_AFTER_SECONDS,
  EXPIRE_SECONDS,
  MAX_ATTEMPTS,
  RETENTION_SECONDS,
  RETRY_DELAY_SECONDS,
  lastCronTime,
  type JobContext,
} from './job-runtime.ts';
export { JOB_DECLARATIONS, WEEKLY_CRON } from './job-declarations.ts';
export type { JobDeps, JobName, JobPayload } from './job-declarations.ts';
export type { EnqueueOptions, JobQueue } from './job-queue.ts';

export type Clock = { now: () => Date };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service reads the time here, so tests can move it (token expiry, lockouts, purges). */
    clock: Clock;
    jobs: JobQueue;
  }
}

export type JobsPluginOptions = {
  /**
   * Run workers, the schedules' cron passes and pg-boss's maintenance (off in tests: they call `app.jobs.runDueJobs(now)`).
   */
  isPolling: boolean;
  pollIntervalSeconds?: number;
};

const DEFAULT_POLL_INTERVAL_SECONDS = 2;

/** How pg-boss reaches the database: the embedded session through pg-boss's PGlite adapter, or its own small pool. */
export function bossConnection(queue: DatabaseHandle['queue']) {
  return queue.kind === 'pglite'
    ? { db: fromPglite(queue.client), backend: 'pglite' as const }
    : { connectionString: queue.connectionString, max: 4 };
}

/** A pg-boss instance on the app's database, not yet started. */
export function createBoss(queue: DatabaseHandle['queue'], isPolling: boolean): PgBoss {
  return new PgBoss({
    ...bossConnection(queue),
    schema: JOB_SCHEMA,
    // The schema is installed and migrated at migrate time by the role that owns the database (db/job-schema.ts).
    migrate: false,
    supervise: isPolling,
    schedule: isPolling,
    registerInstance: false,
  });
}

export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { isPolling, pollIntervalSeconds = DEFAULT_POLL_INTERVAL_SECONDS }) => {
    const clock: Clock = { now: () => new Date() };
    app.decorate('clock', clock);
    const boss = createBoss(app.databaseQueue, isPolling);
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    await boss.start();
    const queue = createJobQueue({
      boss,
      now: () => clock.now(),
      onError: (error, job) => app.log.error({ err: error, job }, 'job failed'),
      onLostOwnership: (job) =>
        app.log.warn({ job }, 'job outlived its claim (expired, retried or cancelled): its result was dropped'),
      onLegacyJobDropped: (job) => app.log.warn({ job }, 'a job of the old queue could not be carried over'),
    });
    await queue.declare();
    const carried = await queue.carryOverLegacyJobs(app.db);
    if (carried > 0) app.log.info(`carried ${carried} waiting jobs over from the old queue`);
    app.decorate('jobs', queue);
    if (isPolling) app.addHook('onReady', () => queue.work(pollIntervalSeconds));
    // Lets the jobs in progress finish (pg-boss waits for them, up to its timeout), then closes its connections.
    app.addHook('onClose', () => boss.stop({ graceful: true, close: true }));
  },
  { name: 'jobs', dependencies: ['db'] },
);
