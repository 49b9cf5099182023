// A site's credit bundles and discount codes as staff see them (catalogue.ts writes them).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creditBundles, discountCodes, type CreditBundleRow, type DiscountCodeRow } from '../../db/schema/index.ts';

/** A site's bundles: by currency, then the order staff set. */
export async function listSiteBundles(executor: Executor, siteId: number): Promise<CreditBundleRow[]> {
  return executor
    .select()
    .from(creditBundles)
    .where(eq(creditBundles.siteId, siteId))
    .orderBy(asc(creditBundles.currency), asc(creditBundles.sortOrder), asc(creditBundles.id));
}

export async function findBundle(executor: Executor, bundleId: number): Promise<CreditBundleRow | undefined> {
  const [row] = await executor.select().from(creditBundles).where(eq(creditBundles.id, bundleId));
  return row;
}

export async function listSiteDiscountCodes(executor: Executor, siteId: number): Promise<DiscountCodeRow[]> {
  return executor.select().from(discountCodes).where(eq(discountCodes.siteId, siteId)).orderBy(asc(discountCodes.id));
}

export async function findDiscountCode(executor: Executor, codeId: number): Promise<DiscountCodeRow | undefined> {
  const [row] = await executor.select().from(discountCodes).where(eq(discountCodes.id, codeId));
  return row;
}
