// Page bounces: the beacon's path, appended to the site's bounce log.
import type { Executor } from '../../db/client.ts';
import { pageBounces } from '../../db/schema/index.ts';

export const MAX_PATH_LENGTH = 500;

export function createAnalyticsService(deps: { db: Executor }) {
  return {
    /** Records that a visitor left `path` of the site (cut to MAX_PATH_LENGTH). */
    async recordBounce(siteId: number, path: string): Promise<void> {
      await deps.db.insert(pageBounces).values({ siteId, path: path.slice(0, MAX_PATH_LENGTH) });
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
