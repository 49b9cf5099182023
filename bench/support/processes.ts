// What the benchmarks that start their own servers share: a free loopback port, stopping a child process, a median.
import type { ChildProcess } from 'node:child_process';

/** A loopback port nobody listens on right now (one helper for the tests, the scripts and the benchmarks). */
export { freePort } from '../../apps/server/src/test-support/ports.ts';

/** SIGTERM, then SIGKILL after 10 s; resolves once the child has exited. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
