// Which server under test this spec file talks to: global setup starts one per e2e worker (Vitest's VITEST_POOL_ID).
import { inject } from 'vitest';

/** The base URL of this worker's server, e.g. http://127.0.0.1:41234. */
export function serverURL(): string {
  const urls = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % urls.length];
  if (!url) throw new Error('e2e: global setup started no server (e2e/support/global-setup.ts)');
  return url;
}
