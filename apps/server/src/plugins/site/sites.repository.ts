// Drizzle queries on the sites table (the site plugin owns it; the default site's credit bundles are payments').
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sites, type NewSiteRow, type SiteRow } from '../../db/schema/index.ts';

export function createSitesRepository(db: Executor) {
  return {
    async findByDomain(domain: string, tx: Executor = db): Promise<SiteRow | undefined> {
      const [row] = await tx.select().from(sites).where(eq(sites.domain, domain)).limit(1);
      return row;
    },
    async findDefault(tx: Executor = db): Promise<SiteRow | undefined> {
      const [row] = await tx.select().from(sites).where(eq(sites.isDefault, true)).orderBy(asc(sites.id)).limit(1);
      return row;
    },
    async insert(values: NewSiteRow, tx: Executor = db): Promise<SiteRow> {
      const [row] = await tx.insert(sites).values(values).returning();
      if (!row) throw new Error('site insert returned nothing');
      return row;
    },
    /** Inserts the site, unless it exists; `whenInserted` adds what the new site starts with, in one transaction. */
    async insertIfMissing(
      values: NewSiteRow,
      whenInserted: (tx: Executor, siteId: number) => Promise<void> = async () => {},
      tx: Executor = db,
    ): Promise<void> {
      await tx.transaction(async (inner) => {
        // No target: a clash on the domain or on the single default site both mean "already there".
        const [row] = await inner.insert(sites).values(values).onConflictDoNothing().returning({ id: sites.id });
        if (row) await whenInserted(inner, row.id);
      });
    },
  };
}
export type SitesRepository = ReturnType<typeof createSitesRepository>;
