// The app's job queue on pg-boss (docs/jobs.md): queues and schedules made from the declarations (src/jobs.ts),
// typed enqueue (in the caller's transaction when given one), cancel by unique key, the workers, and `runDueJobs` for tests.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fromDrizzle, type Db as IDatabase, type JobWithMetadata, type PgBoss } from 'pg-boss';
import type { Database, Executor } from '../../db/client.ts';
import { JOB_SCHEMA } from '../../db/job-schema.ts';
import {
  JOB_DECLARATIONS,
  type JobDeclaration,
  type JobDeps,
  type JobHandler,
  type JobName,
  type JobPayload,
} from './job-declarations.ts';
import {
  DELETE_AFTER_SECONDS,
  EXPIRE_SECONDS,
  MAINTENANCE_INTERVAL_SECONDS,
  MAX_ATTEMPTS,
  RETENTION_SECONDS,
  RETRY_DELAY_SECONDS,
  type JobContext,
} from './job-runtime.ts';

export type EnqueueOptions = { runAt?: Date; uniqueKey?: string; tx?: Executor };

/** The queue options pg-boss keeps per queue, from a declaration. */
function queueOptions(declaration: JobDeclaration) {
  return {
    policy: declaration.unique ? 'stately' : 'standard',
    retryLimit: (declaration.attempts ?? MAX_ATTEMPTS) - 1,
    retryDelay: RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: EXPIRE_SECONDS,
    deleteAfterSeconds: DELETE_AFTER_SECONDS,
    retentionSeconds: RETENTION_SECONDS,
    // A new job NOTIFYs at commit: idle workers wait on LISTEN instead of polling (docs/jobs.md).
    notify: true,
  } as const;
}

const transactionDb = (tx: Executor | undefined): IDatabase | undefined =>
  tx ? fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql) : undefined;

export function createJobQueue(deps: {
  boss: PgBoss;
  now: () => Date;
  onError?: (error: unknown, job: { id: string; name: string; attempt: number }) => void;
  onLostOwnership?: (job: { id: string; name: string }) => void;
  /** A job of the old queue that could not be carried over (unknown name or payload). */
  onLegacyJobDropped?: (job: { name: string; reason: string }) => void;
}) {
  const { boss } = deps;
  const declarations: Record<JobName, JobDeclaration> = JOB_DECLARATIONS;
  const names = Object.keys(declarations) as JobName[];
  let handlers: Map<JobName, JobHandler<unknown>> | undefined;

  /** Runs one fetched job and settles that attempt (only that attempt: a job retried or expired meanwhile is left alone). */
  async function runOne(job: JobWithMetadata<unknown>, now: Date): Promise<boolean> {
    const name = job.name as JobName;
    const attempt = { id: job.id, retryCount: job.retryCount };
    const context: JobContext = {
      now,
      attempt: job.retryCount + 1,
      isLastAttempt: job.retryCount >= job.retryLimit,
      createdOn: job.createdOn,
    };
    // pg-boss answers how many jobs the call changed (`affected`; its typings leave CommandResponse empty).
    let settled: { affected?: number };
    let hasSucceeded = false;
    try {
      const handler = handlers?.get(name);
      if (!handler) throw new Error(`no handler for job ${name}`);
      await handler(declarations[name].payload.parse(job.data), context);
      hasSucceeded = true;
      settled = await boss.complete(name, attempt);
    } catch (error) {
      if (hasSucceeded) throw error;
      deps.onError?.(error, { id: job.id, name, attempt: context.attempt });
      settled = await boss.fail(name, attempt, error instanceof Error ? error : new Error(String(error)));
    }
    const isOwner = (settled.affected ?? 0) > 0;
    if (!isOwner) deps.onLostOwnership?.({ id: job.id, name });
    return hasSucceeded && isOwner;
  }

  /**
   * Spreads the queues' daily maintenance (pg-boss's retention walk, about 5 statements a queue) over the day: a queue
   * never maintained gets a last-maintained time that makes it due at its own hour, so a supervise pass (every 5
   * minutes) walks one queue rather than all of them at once. Each queue keeps its slot, as a pass stamps the
   * queues it walks with the pass's time.
   */
  async function staggerMaintenance(): Promise<void> {
    const slotSeconds = Math.floor(MAINTENANCE_INTERVAL_SECONDS / names.length);
    await boss.getDb().executeSql(
      `update ${JOB_SCHEMA}.queue as queue
       set maintain_on = ${JOB_SCHEMA}.job_now() - make_interval(secs => $2) + make_interval(secs => slot.index * $3)
       from (select name, row_number() over (order by name) - 1 as index from ${JOB_SCHEMA}.queue
             where name = any($1::text[])) as slot
       where queue.name = slot.name and queue.maintain_on is null`,
      [names, MAINTENANCE_INTERVAL_SECONDS, slotSeconds],
    );
  }

  return {
    /** Creates or updates every declared queue and schedule; removes schedules no longer declared. */
    async declare(): Promise<void> {
      for (const name of names) {
        const options = queueOptions(declarations[name]);
        if (await boss.getQueue(name)) {
          const { policy: _policy, ...rest } = options;
          await boss.updateQueue(name, rest);
        } else await boss.createQueue(name, options);
      }
      await staggerMaintenance();
      for (const schedule of await boss.getSchedules()) {
        if (!declarations[schedule.name as JobName]?.cron) await boss.unschedule(schedule.name, schedule.key);
      }
      for (const name of names) {
        const { cron } = declarations[name];
        // `missed: 'once'`: a period missed while no instance ran is run once, late; older ones are skipped.
        if (cron) await boss.schedule(name, cron, {}, { tz: 'UTC', missed: 'once' });
      }
    },

    /**
     * Moves the jobs still waiting in the hand-written queue's table (`legacy_jobs`, migration 0025) into pg-boss, with
     * their time and unique key, in one transaction (so of instances starting together one moves each job); recurring
     * jobs are left out (their schedules fire again by themselves). Answers how many were moved.
     */
    async carryOverLegacyJobs(db: Database): Promise<number> {
      const found = (await db.execute(
        sql`select to_regclass('public.legacy_jobs') is not null as "exists"`,
      )) as unknown as { rows: { exists: boolean }[] };
      if (!found.rows[0]?.exists) return 0;
      return db.transaction(async (tx) => {
        const taken = (await tx.execute(sql`
          delete from legacy_jobs where done_at is null and failed_at is null
          returning name, coalesce(next_payload, payload) as payload, coalesce(next_run_at, run_at) as "runAt",
            unique_key as "uniqueKey"
        `)) as unknown as {
          rows: { name: string; payload: unknown; runAt: Date | string; uniqueKey: string | null }[];
        };
        let moved = 0;
        for (const row of taken.rows) {
          const declaration: JobDeclaration | undefined = declarations[row.name as JobName];
          if (declaration?.cron) continue;
          const payload = declaration?.payload.safeParse(row.payload);
          if (!declaration || !payload?.success) {
            deps.onLegacyJobDropped?.({ name: row.name, reason: declaration ? 'payload' : 'unknown job' });
            continue;
          }
          const uniqueKey = declaration.unique && row.uniqueKey ? row.uniqueKey : undefined;
          await this.enqueue(row.name as JobName, payload.data as never, { runAt: new Date(row.runAt), uniqueKey, tx });
          moved += 1;
        }
        return moved;
      });
    },

    /** Builds every job's handler from the services, once they exist (app.ts). */
    handle(jobDeps: JobDeps): void {
      if (handlers) throw new Error('job handlers given twice');
      handlers = new Map(
        names.map((name) => [name, declarations[name].handler(jobDeps) as JobHandler<unknown>] as const),
      );
    },

    /**
     * Queues a job, inside `tx` when given (it then exists only if the transaction commits). With a `uniqueKey`
     * (unique jobs only) a waiting job of that key is moved to the new time and payload instead of duplicated; while
     * one runs, the new one waits and runs after it. Answers the job's id.
     */
    async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions = {}): Promise<string> {
      const declaration: JobDeclaration = declarations[name];
      const data = declaration.payload.parse(payload);
      const db = transactionDb(options.tx);
      if (options.uniqueKey) {
        if (!declaration.unique) throw new Error(`job ${name} is not declared unique: it takes no uniqueKey`);
        const { jobs } = await boss.upsert(name, data, {
          singletonKey: options.uniqueKey,
          // Without a time: due at the database's now (0 s from it). A time from the app's clock lies after the
          // transaction's start, and pg-boss NOTIFYs only for a job due by then: the worker would wait for the backstop.
          startAfter: options.runAt ?? 0,
          db,
        });
        return jobs[0]!;
      }
      const id = await boss.send(name, data, {
        startAfter: options.runAt,
        // A unique queue allows one waiting job per key, a key-less one included: give each such job its own.
        singletonKey: declaration.unique ? randomUUID() : undefined,
        db,
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      return id;
    },

    /** Cancels the waiting (or running) job of a unique key; a running handler's result is then dropped. */
    async cancel(name: JobName, uniqueKey: string, tx?: Executor): Promise<void> {
      const db = transactionDb(tx);
      const found = await boss.findJobs(name, { key: uniqueKey, db });
      const ids = found.filter((job) => ['created', 'retry', 'active'].includes(job.state)).map((job) => job.id);
      if (ids.length) await boss.cancel(name, ids, { db });
    },

    /**
     * The jobs waiting per queue (metrics): ready to run, deferred to a later time, running; and the jobs failed for
     * good that pg-boss still keeps. pg-boss keeps these counts in its queue table, refreshed by its monitoring, so
     * reading them costs one small query.
     */
    async queueStats(): Promise<{ name: string; ready: number; deferred: number; active: number; failed: number }[]> {
      const queues = await boss.getQueues([...names]);
      return queues.map((queue) => ({
        name: queue.name,
        ready: queue.readyCount,
        deferred: queue.deferredCount,
        active: queue.activeCount,
        failed: queue.failedCount,
      }));
    },

    /**
     * Starts a worker per queue (not under tests: they call `runDueJobs`). A new job wakes its worker through
     * LISTEN/NOTIFY; `backstopSeconds` is how often an idle worker still looks, for jobs that became due later (a
     * delay, a retry's back-off) and for when the listener is down (then `pollingIntervalSeconds` applies).
     */
    async work(pollingIntervalSeconds: number, backstopSeconds: number): Promise<void> {
      const workerIds: string[] = [];
      for (const name of names) {
        const workerId: string = await boss.work(
          name,
          {
            pollingIntervalSeconds,
            notifyPollingIntervalSeconds: backstopSeconds,
            includeMetadata: true,
            batchSize: 1,
          },
          async ([job]) => {
            if (!job) return;
            await runOne(job, deps.now());
            // Wakes arriving while this job ran were spent on this fetch: look again at once, until one comes back empty.
            boss.notifyWorker(workerId);
          },
        );
        workerIds.push(workerId);
      }
      // The workers all fetched at start, so their backstop looks would come together every backstopSeconds: one
      // early look each, at its own offset, spreads them over the interval (a steady few statements, not a burst).
      workerIds.forEach((workerId, index) => {
        const offsetMs = ((index + 1) * backstopSeconds * 1000) / (workerIds.length + 1);
        setTimeout(() => boss.notifyWorker(workerId), offsetMs).unref();
      });
    },

    /**
     * Tests only: runs every job due at `now` (default: the app's clock), then whatever becomes ready meanwhile,
     * until none is left; answers how many succeeded. pg-boss reads the database's clock, so jobs due by `now` but
     * not yet by the database's clock are made due first; a retry's back-off is measured from the database's clock, so
     * a failed job is not run again in the same call.
     */
    async runDueJobs(now: Date = deps.now()): Promise<number> {
      await boss.getDb().executeSql(
        `update ${JOB_SCHEMA}.job set start_after = now()
         where state in ('created', 'retry') and start_after > now() and start_after <= $1`,
        [now.toISOString()],
      );
      let succeeded = 0;
      for (;;) {
        let ran = 0;
        for (const name of names) {
          for (const job of await boss.fetch(name, { batchSize: 20, includeMetadata: true })) {
            ran += 1;
            if (await runOne(job, now)) succeeded += 1;
          }
        }
        if (ran === 0) return succeeded;
      }
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
