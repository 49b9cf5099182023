// Reads the job queue's jobs (pg-boss's table, docs/jobs.md) for tests: what was queued, with what payload, and how
// its runs went.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { JOB_SCHEMA } from '../db/job-schema.ts';

export type QueuedJob = {
  id: string;
  name: string;
  data: Record<string, unknown>;
  /** created, retry, active, completed, cancelled or failed. */
  state: string;
  singletonKey: string | null;
  startAfter: Date;
  /** Failed runs so far (the next run is attempt retryCount + 1). */
  retryCount: number;
  /** A failed run's error ({ message, … }), or a finished job's output. */
  output: { message?: string } | null;
  completedOn: Date | null;
};

/** The jobs matching every given field, oldest first. */
export async function queuedJobs(
  db: Database,
  where: { name?: string; key?: string; id?: string } = {},
): Promise<QueuedJob[]> {
  const conditions = [sql`true`];
  if (where.name) conditions.push(sql`name = ${where.name}`);
  if (where.key) conditions.push(sql`singleton_key = ${where.key}`);
  if (where.id) conditions.push(sql`id = ${where.id}::uuid`);
  const result = (await db.execute(sql`
    select id, name, data, state, singleton_key as "singletonKey", start_after as "startAfter",
      retry_count as "retryCount", output, completed_on as "completedOn"
    from ${sql.raw(JOB_SCHEMA)}.job where ${sql.join(conditions, sql` and `)}
    order by created_on, id
  `)) as unknown as {
    rows: (Omit<QueuedJob, 'startAfter' | 'completedOn'> & {
      startAfter: Date | string;
      completedOn: Date | string | null;
    })[];
  };
  return result.rows.map((row) => ({
    ...row,
    startAfter: new Date(row.startAfter),
    completedOn: row.completedOn === null ? null : new Date(row.completedOn),
  }));
}

/** A recurring job's schedule as pg-boss keeps it, or undefined. */
export async function jobSchedule(
  db: Database,
  name: string,
): Promise<{ cron: string; timezone: string; options: Record<string, unknown> } | undefined> {
  const result = (await db.execute(
    sql`select cron, timezone, options from ${sql.raw(JOB_SCHEMA)}.schedule where name = ${name}`,
  )) as unknown as { rows: { cron: string; timezone: string; options: Record<string, unknown> }[] };
  return result.rows[0];
}
