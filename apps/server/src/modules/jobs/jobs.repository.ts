// Drizzle queries on the jobs table: enqueue, claim with SKIP LOCKED, finish, retry, cancel.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jobs, type JobRow } from '../../db/schema/index.ts';

const pending = and(isNull(jobs.doneAt), isNull(jobs.failedAt));

export function createJobsRepository(db: Executor) {
  return {
    /** With a uniqueKey, an existing pending job of that key is moved to the new time instead of duplicated. */
    async insert(
      values: { name: string; payload: Record<string, unknown>; runAt: Date; uniqueKey?: string },
      tx: Executor = db,
    ): Promise<JobRow> {
      const insert = tx.insert(jobs).values({ ...values, uniqueKey: values.uniqueKey ?? null });
      const [row] = values.uniqueKey
        ? await insert
            .onConflictDoUpdate({
              target: jobs.uniqueKey,
              targetWhere: sql`${jobs.doneAt} is null and ${jobs.failedAt} is null`,
              set: { name: values.name, payload: values.payload, runAt: values.runAt, attempts: 0, lockedUntil: null, lastError: null },
            })
            .returning()
        : await insert.returning();
      if (!row) throw new Error('job insert returned nothing');
      return row;
    },

    /**
     * Takes up to `limit` due jobs of the given names for this worker until `lockedUntil`.
     * SKIP LOCKED lets several instances claim at once without waiting on, or taking, each other's rows.
     */
    async claimDue(options: { names: string[]; now: Date; lockedUntil: Date; limit: number }, tx: Executor = db): Promise<JobRow[]> {
      if (options.names.length === 0) return [];
      const names = sql.join(options.names.map((name) => sql`${name}`), sql`, `);
      const result = (await tx.execute(sql`
        update ${jobs} set locked_until = ${options.lockedUntil}, attempts = ${jobs.attempts} + 1
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
      const rows = await tx.select().from(jobs).where(sql`${jobs.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
    },

    async markDone(id: number, now: Date, tx: Executor = db): Promise<void> {
      await tx.update(jobs).set({ doneAt: now, lockedUntil: null }).where(eq(jobs.id, id));
    },

    async markFailed(id: number, error: string, retryAt: Date | null, now: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(jobs)
        .set(retryAt ? { runAt: retryAt, lockedUntil: null, lastError: error } : { failedAt: now, lockedUntil: null, lastError: error })
        .where(eq(jobs.id, id));
    },

    /** Marks the pending job of a key done without running it. */
    async cancelByKey(uniqueKey: string, now: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(jobs)
        .set({ doneAt: now, lockedUntil: null, lastError: 'cancelled' })
        .where(and(eq(jobs.uniqueKey, uniqueKey), pending));
    },

    async findPendingByKey(uniqueKey: string, tx: Executor = db): Promise<JobRow | undefined> {
      const [row] = await tx.select().from(jobs).where(and(eq(jobs.uniqueKey, uniqueKey), pending)).limit(1);
      return row;
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
