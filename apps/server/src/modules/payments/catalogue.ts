// What a site sells, as staff set it: credit bundles and discount codes (the shop's own tables). Errors of the
// database (a taken code, an unknown member of a personal code) reach the caller, who words them.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creditBundles, discountCodes, type CreditBundleRow, type DiscountCodeRow } from '../../db/schema/index.ts';

export type BundleSettings = Omit<typeof creditBundles.$inferInsert, 'id' | 'siteId'>;
export type DiscountCodeSettings = Omit<typeof discountCodes.$inferInsert, 'id' | 'siteId' | 'createdAt'>;

export async function insertBundle(
  executor: Executor,
  siteId: number,
  settings: BundleSettings,
): Promise<CreditBundleRow> {
  const [row] = await executor
    .insert(creditBundles)
    .values({ siteId, ...settings })
    .returning();
  return row!;
}

/** A site's bundles in one statement (the default site's, when the site plugin seeds it); none is a no-op. */
export async function insertBundles(executor: Executor, siteId: number, bundles: BundleSettings[]): Promise<void> {
  if (!bundles.length) return;
  await executor.insert(creditBundles).values(bundles.map((bundle) => ({ siteId, ...bundle })));
}

export async function updateBundle(
  executor: Executor,
  bundleId: number,
  settings: BundleSettings,
): Promise<CreditBundleRow | undefined> {
  const [row] = await executor.update(creditBundles).set(settings).where(eq(creditBundles.id, bundleId)).returning();
  return row;
}

/** A new code of the site (stored as given; the caller upper-cases it). */
export async function insertDiscountCode(
  executor: Executor,
  siteId: number,
  settings: DiscountCodeSettings,
): Promise<DiscountCodeRow> {
  const [row] = await executor
    .insert(discountCodes)
    .values({ siteId, ...settings })
    .returning();
  return row!;
}

export async function updateDiscountCode(
  executor: Executor,
  codeId: number,
  settings: DiscountCodeSettings,
): Promise<DiscountCodeRow | undefined> {
  const [row] = await executor.update(discountCodes).set(settings).where(eq(discountCodes.id, codeId)).returning();
  return row;
}
