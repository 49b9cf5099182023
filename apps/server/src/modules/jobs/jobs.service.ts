// The job queue: handlers by name, enqueue (inside the caller's transaction), and running due jobs with retries.
import type { Executor } from '../../db/client.ts';
import type { JobRow } from '../../db/schema/index.ts';
import type { JobsRepository } from './jobs.repository.ts';

export type JobContext = { job: JobRow; now: Date };
export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;
export type EnqueueOptions = { runAt?: Date; uniqueKey?: string; tx?: Executor };

export const MAX_ATTEMPTS = 5;
/** A claimed job belongs to its worker this long; a crashed worker's job becomes due again after it. */
export const LOCK_MS = 5 * 60_000;
const RETRY_BASE_MS = 30_000;
const BATCH_SIZE = 10;

export function createJobQueue(deps: {
  jobsRepository: JobsRepository;
  now: () => Date;
  onError?: (error: unknown, job: JobRow) => void;
}) {
  const handlers = new Map<string, JobHandler>();

  async function runOne(job: JobRow, now: Date): Promise<boolean> {
    const handler = handlers.get(job.name);
    if (!handler) return false;
    try {
      await handler(job.payload, { job, now });
      await deps.jobsRepository.markDone(job.id, now);
      return true;
    } catch (error) {
      deps.onError?.(error, job);
      const isLastAttempt = job.attempts >= MAX_ATTEMPTS;
      const retryAt = isLastAttempt ? null : new Date(now.getTime() + RETRY_BASE_MS * 2 ** (job.attempts - 1));
      await deps.jobsRepository.markFailed(job.id, error instanceof Error ? error.message : String(error), retryAt, now);
      return false;
    }
  }

  return {
    register(name: string, handler: JobHandler): void {
      if (handlers.has(name)) throw new Error(`job handler ${name} registered twice`);
      handlers.set(name, handler);
    },

    async enqueue(name: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<JobRow> {
      return deps.jobsRepository.insert(
        { name, payload, runAt: options.runAt ?? deps.now(), uniqueKey: options.uniqueKey },
        options.tx,
      );
    },

    async cancel(uniqueKey: string, tx?: Executor): Promise<void> {
      await deps.jobsRepository.cancelByKey(uniqueKey, deps.now(), tx);
    },

    /** Runs every job due at `now` (default: the clock), batch after batch; answers how many succeeded. */
    async runDueJobs(now: Date = deps.now()): Promise<number> {
      let succeeded = 0;
      for (;;) {
        const claimed = await deps.jobsRepository.claimDue({
          names: [...handlers.keys()],
          now,
          lockedUntil: new Date(now.getTime() + LOCK_MS),
          limit: BATCH_SIZE,
        });
        if (claimed.length === 0) return succeeded;
        for (const job of claimed) if (await runOne(job, now)) succeeded += 1;
      }
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
