// What a job's handler is told when it runs, the queue's fixed options, and cron arithmetic (docs/jobs.md).
import { CronExpressionParser } from 'cron-parser';

export type JobContext = {
  /** The app's clock when the run started (tests move it). */
  now: Date;
  /** 1 on the first run. */
  attempt: number;
  /** No retry follows if this run fails. */
  isLastAttempt: boolean;
  /** When the job was enqueued (for a recurring job: when its period's run was enqueued). */
  createdOn: Date;
};

/** Runs of a job in all, the first included, unless its declaration says otherwise. */
export const MAX_ATTEMPTS = 5;
/** The first retry waits about this long; each later one about twice as long as the one before (pg-boss adds jitter). */
export const RETRY_DELAY_SECONDS = 30;
/** A running job neither finished nor failed within this time is failed (and retried) by pg-boss's maintenance. */
export const EXPIRE_SECONDS = 5 * 60;
/** Finished jobs (done, failed for good or cancelled) are deleted by pg-boss's maintenance after this. */
export const DELETE_AFTER_SECONDS = 7 * 24 * 60 * 60;
/**
 * How often pg-boss's maintenance walks a queue (retention, deletion): once a day, each queue at its own time of day
 * (job-queue.ts, staggerMaintenance), so no supervise pass walks them all at once.
 */
export const MAINTENANCE_INTERVAL_SECONDS = 24 * 60 * 60;
/** A waiting job not run within this time after it was due is dropped by pg-boss's maintenance. */
export const RETENTION_SECONDS = 14 * 24 * 60 * 60;

/** Last time the UTC cron expression fires at or before `at`; throws on an invalid expression. */
export function lastCronTime(cron: string, at: Date): Date {
  return CronExpressionParser.parse(cron, { currentDate: new Date(at.getTime() + 1), tz: 'UTC' })
    .prev()
    .toDate();
}
