// The job queue's SQL: enqueue, claim with SKIP LOCKED under an owner token, owner-checked finish and fail,
// cancel, retention, and the compare-and-set that lets one instance enqueue each period of a recurring job.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { jobSchedules, jobs, type JobRow } from '../../db/schema/index.ts';

const isPending = and(isNull(jobs.doneAt), isNull(jobs.failedAt));
const RETENTION_BATCH = 1000;

export function createJobStore(db: Database) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>): Promise<T> => db.transaction(work),

    /**
     * With a uniqueKey, the pending job of that key is moved to the new time and payload instead of duplicated.
     * When that job is running (claimed, lock not expired), its lock and current run are left alone: the new
     * time and payload wait in `next_*` and become the job's next run once the current one ends.
     */
    async insert(
      values: { name: string; payload: Record<string, unknown>; runAt: Date; uniqueKey?: string },
      now: Date,
      tx: Executor = db,
    ): Promise<JobRow> {
      const insert = tx.insert(jobs).values({ ...values, uniqueKey: values.uniqueKey ?? null });
      const isRunning = sql`(${jobs.lockedUntil} is not null and ${jobs.lockedUntil} > ${now})`;
      const [row] = values.uniqueKey
        ? await insert
            .onConflictDoUpdate({
              target: jobs.uniqueKey,
              targetWhere: sql`${jobs.doneAt} is null and ${jobs.failedAt} is null`,
              set: {
                name: sql`excluded.name`,
                payload: sql`case when ${isRunning} then ${jobs.payload} else excluded.payload end`,
                runAt: sql`case when ${isRunning} then ${jobs.runAt} else excluded.run_at end`,
                attempts: sql`case when ${isRunning} then ${jobs.attempts} else 0 end`,
                lastError: sql`case when ${isRunning} then ${jobs.lastError} end`,
                lockedUntil: sql`case when ${isRunning} then ${jobs.lockedUntil} end`,
                lockedBy: sql`case when ${isRunning} then ${jobs.lockedBy} end`,
                nextRunAt: sql`case when ${isRunning} then excluded.run_at end`,
                nextPayload: sql`case when ${isRunning} then excluded.payload end`,
              },
            })
            .returning()
        : await insert.returning();
      if (!row) throw new Error('job insert returned nothing');
      return row;
    },

    /**
     * Takes up to `limit` due jobs of the given names for the worker holding `token` until `lockedUntil`.
     * SKIP LOCKED lets several instances claim at once without waiting on, or taking, each other's rows.
     */
    async claimDue(
      options: { names: string[]; now: Date; lockedUntil: Date; limit: number; token: string },
      tx: Executor = db,
    ): Promise<JobRow[]> {
      if (options.names.length === 0) return [];
      const names = sql.join(
        options.names.map((name) => sql`${name}`),
        sql`, `,
      );
      const result = (await tx.execute(sql`
        update ${jobs} set locked_until = ${options.lockedUntil}, locked_by = ${options.token}, attempts = ${jobs.attempts} + 1
        where ${jobs.id} in (
          select ${jobs.id} from ${jobs}
          where ${jobs.doneAt} is null and ${jobs.failedAt} is null
            and ${jobs.runAt} <= ${options.now}
            and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= ${options.now})
            and ${jobs.name} in (${names})
          order by ${jobs.runAt}, ${jobs.id}
          limit ${options.limit}
          for update skip locked
        )
        returning ${jobs.id}
      `)) as unknown as { rows: { id: number | string }[] };
      const ids = result.rows.map((row) => Number(row.id));
      if (ids.length === 0) return [];
      const rows = await tx
        .select()
        .from(jobs)
        .where(
          sql`${jobs.id} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
    },

    /**
     * Ends the current run of a job the worker holding `token` still owns; answers false (and changes nothing)
     * when it does not any more (its lock expired and another worker claimed it, or it was cancelled).
     * A run queued by a re-enqueue of its unique key (`next_*`) becomes the job's next run.
     * `failure` absent: done. Present: retried at `retryAt`, or failed for good when `retryAt` is null.
     */
    async endRun(
      job: { id: number; token: string; now: Date },
      failure?: { error: string; retryAt: Date | null },
      tx: Executor = db,
    ): Promise<boolean> {
      const hasNext = sql`${jobs.nextRunAt} is not null`;
      const rows = await tx
        .update(jobs)
        .set({
          doneAt: failure ? null : sql`case when ${hasNext} then null else ${job.now}::timestamptz end`,
          failedAt:
            failure && !failure.retryAt ? sql`case when ${hasNext} then null else ${job.now}::timestamptz end` : null,
          runAt: sql`coalesce(${jobs.nextRunAt}, ${failure?.retryAt ?? null}::timestamptz, ${jobs.runAt})`,
          payload: sql`coalesce(${jobs.nextPayload}, ${jobs.payload})`,
          attempts: sql`case when ${hasNext} then 0 else ${jobs.attempts} end`,
          lastError: failure ? failure.error : sql`case when ${hasNext} then null else ${jobs.lastError} end`,
          lockedUntil: null,
          lockedBy: null,
          nextRunAt: null,
          nextPayload: null,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, job.token), isPending))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Marks the pending job of a key done without running it (a run in progress is no longer its worker's to finish). */
    async cancelByKey(uniqueKey: string, now: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(jobs)
        .set({
          doneAt: now,
          lockedUntil: null,
          lockedBy: null,
          nextRunAt: null,
          nextPayload: null,
          lastError: 'cancelled',
        })
        .where(and(eq(jobs.uniqueKey, uniqueKey), isPending));
    },

    /** Deletes jobs done before `doneBefore` and jobs failed for good before `failedBefore`; answers how many. */
    async deleteFinished(options: { doneBefore: Date; failedBefore: Date }): Promise<number> {
      let deleted = 0;
      for (;;) {
        const batch = db
          .select({ id: jobs.id })
          .from(jobs)
          .where(or(lt(jobs.doneAt, options.doneBefore), lt(jobs.failedAt, options.failedBefore)))
          .limit(RETENTION_BATCH);
        const rows = await db
          .delete(jobs)
          .where(sql`${jobs.id} in (${batch})`)
          .returning({ id: jobs.id });
        deleted += rows.length;
        if (rows.length < RETENTION_BATCH) return deleted;
      }
    },

    /** Adds missing schedules; a schedule whose cron expression changed gets its next run recomputed. */
    async saveSchedules(schedules: { name: string; cron: string; nextRunAt: Date }[]): Promise<void> {
      if (schedules.length === 0) return;
      await db
        .insert(jobSchedules)
        .values(schedules)
        .onConflictDoUpdate({
          target: jobSchedules.name,
          set: { cron: sql`excluded.cron`, nextRunAt: sql`excluded.next_run_at` },
          setWhere: sql`${jobSchedules.cron} is distinct from excluded.cron`,
        });
    },

    /**
     * Compare-and-set: moves a due schedule to `nextRunAt` and answers the period it was due for, or null when it
     * is not due (or another instance moved it first: on PostgreSQL the row lock makes the later update see the
     * moved row and match nothing).
     */
    async takeDueSchedule(name: string, now: Date, nextRunAt: Date, tx: Executor): Promise<Date | null> {
      const [row] = await tx
        .update(jobSchedules)
        .set({ nextRunAt, lastRunAt: sql`${jobSchedules.nextRunAt}` })
        .where(and(eq(jobSchedules.name, name), sql`${jobSchedules.nextRunAt} <= ${now}`))
        .returning({ period: jobSchedules.lastRunAt });
      return row?.period ?? null;
    },
  };
}
export type JobStore = ReturnType<typeof createJobStore>;
