// A counting semaphore: at most `limit` holders at once, the others wait in arrival order. Bounds memory-heavy work
// per instance (photo decoding: a 14 MB upload held and decoded costs hundreds of MB; docs/storage.md), where a
// rate limit per member does not help against many members at once. Small enough not to need a dependency.
export type Semaphore = {
  /** Waits for a slot; the answer gives it back (call it once, in a finally). */
  acquire(): Promise<() => void>;
  /** Runs `work` holding a slot. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Slots held now, callers waiting, and the most ever held at once (for tests and monitoring). */
  readonly active: number;
  readonly waiting: number;
  readonly peak: number;
};

export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`semaphore limit must be a positive integer, got ${limit}`);
  let active = 0;
  let peak = 0;
  const queue: (() => void)[] = [];

  function grant(): () => void {
    active += 1;
    peak = Math.max(peak, active);
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      active -= 1;
      // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
      const next = queue.shift();
      if (next) next();
    };
  }

  const semaphore: Semaphore = {
    acquire() {
      if (active < limit) return Promise.resolve(grant());
      return new Promise((resolve) => queue.push(() => resolve(grant())));
    },
    async run(work) {
      const release = await semaphore.acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    get peak() {
      return peak;
    },
  };
  return semaphore;
}
