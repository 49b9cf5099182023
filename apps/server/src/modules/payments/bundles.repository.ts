// The credit bundles a site sells, as checkout and the credits page read them.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creditBundles, type CreditBundleRow } from '../../db/schema/index.ts';

export function createBundlesRepository(db: Executor) {
  return {
    /** A site's active bundles, in the order the pages show them. */
    async listActiveBundles(siteId: number): Promise<CreditBundleRow[]> {
      return db
        .select()
        .from(creditBundles)
        .where(and(eq(creditBundles.siteId, siteId), eq(creditBundles.isActive, true)))
        .orderBy(asc(creditBundles.sortOrder), asc(creditBundles.credits));
    },

    async findActiveBundle(siteId: number, bundleId: number): Promise<CreditBundleRow | undefined> {
      const [row] = await db
        .select()
        .from(creditBundles)
        .where(and(eq(creditBundles.id, bundleId), eq(creditBundles.siteId, siteId), eq(creditBundles.isActive, true)))
        .limit(1);
      return row;
    },

    async findBundle(bundleId: number): Promise<CreditBundleRow | undefined> {
      const [row] = await db.select().from(creditBundles).where(eq(creditBundles.id, bundleId));
      return row;
    },
  };
}
