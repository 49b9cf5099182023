// The app's clock and its job queue (`app.jobs`, pg-boss: docs/jobs.md). The queues and schedules come from the
// declarations in src/jobs.ts; the handlers are handed in by app.ts (`app.jobs.handle`) once the services exist, and
// the workers start when the app is ready. The queue's only public entry.
import fp from 'fastify-plugin';
import { PgBoss, fromPglite } from 'pg-boss';
import type { DatabaseHandle } from '../../db/client.ts';
import { JOB_SCHEMA } from '../../db/job-schema.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';
import { MAINTENANCE_INTERVAL_SECONDS } from './job-runtime.ts';

export {
  DELETE_AFTER_SECONDS,
  EXPIRE_SECONDS,
  MAINTENANCE_INTERVAL_SECONDS,
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
  /** How often an idle worker looks for jobs when LISTEN/NOTIFY is unavailable (PgBouncer in transaction mode). */
  pollIntervalSeconds?: number;
  /** How often it looks while LISTEN/NOTIFY wakes it: jobs that became due later (delays, retries) wait up to this. */
  backstopSeconds?: number;
};

const DEFAULT_POLL_INTERVAL_SECONDS = 2;
/** An idle instance's queue costs about 19 queues / 120 s = 0.16 statements a second (docs/jobs.md). */
const DEFAULT_BACKSTOP_SECONDS = 120;

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
    // New jobs wake the workers (one listening connection per instance); polling stays as a slow backstop.
    useListenNotify: isPolling,
    // An idle instance should cost next to nothing (docs/jobs.md): the job-dependency resolver (the app declares no
    // flows) every 10 minutes instead of every 5 s, the cron checks at their slowest (a schedule fires within 45 s).
    flowIntervalSeconds: 600,
    cronWorkerIntervalSeconds: 45,
    cronMonitorIntervalSeconds: 45,
    // Expiry and the queues' counts (job_queue_depth) every 5 minutes, a few statements for all queues; the retention
    // walk (about 5 statements a queue) once a day per queue, the queues' walks spread over the day (job-queue.ts).
    // pg-boss lets one instance of a cluster run each claim (the others find it claimed).
    superviseIntervalSeconds: 300,
    monitorIntervalSeconds: 300,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
    registerInstance: false,
  });
}

export const jobsPlugin = fp<JobsPluginOptions>(
  async (
    app,
    { isPolling, pollIntervalSeconds = DEFAULT_POLL_INTERVAL_SECONDS, backstopSeconds = DEFAULT_BACKSTOP_SECONDS },
  ) => {
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
    if (isPolling) app.addHook('onReady', () => queue.work(pollIntervalSeconds, backstopSeconds));
    // Lets the jobs in progress finish (pg-boss waits for them, up to its timeout), then closes its connections.
    app.addHook('onClose', () => boss.stop({ graceful: true, close: true }));
  },
  { name: 'jobs', dependencies: ['db'] },
);
