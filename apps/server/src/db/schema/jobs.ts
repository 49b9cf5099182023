// The job queue: rows claimed with FOR UPDATE SKIP LOCKED, so jobs survive restarts and several instances share the work.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** A claimed job is someone's until then; after it a crashed worker's job is picked up again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The claim's owner token: only the worker holding it may finish or fail the job. */
    lockedBy: text('locked_by'),
    /** A unique key enqueued again while its job runs: the run to do once the current one ends. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    nextPayload: jsonb('next_payload').$type<Record<string, unknown>>(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Set when the last allowed attempt failed; the job is not retried any more. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Optional: at most one pending job per key (e.g. one purge per account). */
    uniqueKey: text('unique_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
    uniqueIndex('jobs_pending_unique_key')
      .on(table.uniqueKey)
      .where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
    // Retention: finished jobs are deleted by age.
    index('jobs_done_at_idx')
      .on(table.doneAt)
      .where(sql`${table.doneAt} is not null`),
    index('jobs_failed_at_idx')
      .on(table.failedAt)
      .where(sql`${table.failedAt} is not null`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;

/**
 * Recurring jobs: one row per schedule. An instance that moves `nextRunAt` forward (a compare-and-set
 * update) enqueues that period's job; the others find the row already moved, so each period runs once.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  /** The cron expression the row was computed from; a changed expression recomputes `nextRunAt`. */
  cron: text('cron').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
export type JobScheduleRow = typeof jobSchedules.$inferSelect;
