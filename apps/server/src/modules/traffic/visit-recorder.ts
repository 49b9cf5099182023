// Visits leave the request's path: they are kept in memory and written in batches (one transaction for up to
// MAX_BATCH visits, their visitors and their day roll-ups), so an ad click costs a page from memory and an array
// push, not three writes (docs/traffic.md). A crash loses at most the last interval's visits, never an event.
import type { BufferedVisit } from './traffic.repository.ts';

const MAX_BATCH = 500;

export function createVisitRecorder(deps: {
  write: (batch: readonly BufferedVisit[]) => Promise<void>;
  /** How long a visit may wait for its batch; 0 writes each visit before the page is answered (tests). */
  flushMs: number;
  onError: (error: unknown, count: number) => void;
}) {
  let buffer: BufferedVisit[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    // One writer at a time, in arrival order.
    writing = writing.then(async () => {
      while (buffer.length > 0) {
        const batch = buffer.slice(0, MAX_BATCH);
        buffer = buffer.slice(batch.length);
        try {
          await deps.write(batch);
        } catch (error) {
          deps.onError(error, batch.length);
        }
      }
    });
    return writing;
  }

  return {
    /** Keeps a visit for the next batch; resolves at once (or once written, with `flushMs` 0). */
    async record(visit: BufferedVisit): Promise<void> {
      buffer.push(visit);
      if (deps.flushMs === 0) return flush();
      if (buffer.length >= MAX_BATCH) {
        void flush();
        return;
      }
      timer ??= setTimeout(() => void flush(), deps.flushMs);
      timer.unref();
    },
    /** Writes everything kept so far (a signup reads its visitor's first touch; closing the app). */
    flush,
  };
}
export type VisitRecorder = ReturnType<typeof createVisitRecorder>;
