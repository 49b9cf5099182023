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
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Set when the last allowed attempt failed; the job is not retried any more. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Optional: at most one pending job per key (e.g. one purge per account). */
    uniqueKey: text('unique_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt).where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
    uniqueIndex('jobs_pending_unique_key').on(table.uniqueKey).where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
