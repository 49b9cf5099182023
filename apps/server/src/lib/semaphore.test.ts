import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('semaphore', () => {
  it('never lets more than its limit run at once, and runs every waiter in arrival order', async () => {
    const semaphore = createSemaphore(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 10 }, () => {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    });
    const runs = gates.map((gate, index) =>
      semaphore.run(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await gate.promise;
        running -= 1;
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(semaphore.waiting).toBe(8);
    for (const gate of gates) {
      gate.resolve();
      await tick();
    }
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(2);
    expect(semaphore.peak).toBe(2);
    expect(semaphore.active).toBe(0);
  });

  it('gives the slot back when the work fails, and a release called twice counts once', async () => {
    const semaphore = createSemaphore(1);
    await expect(semaphore.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(semaphore.active).toBe(0);
    const release = await semaphore.acquire();
    release();
    release();
    expect(semaphore.active).toBe(0);
    expect(await semaphore.run(async () => 'ok')).toBe('ok');
    expect(() => createSemaphore(0)).toThrow();
  });
});
