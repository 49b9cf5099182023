// Drizzle queries on the sites table.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sites, type NewSiteRow, type SiteRow } from '../../db/schema/index.ts';

export function createSitesRepository(db: Executor) {
  return {
    async findByDomain(domain: string, tx: Executor = db): Promise<SiteRow | undefined> {
      const [row] = await tx.select().from(sites).where(eq(sites.domain, domain)).limit(1);
      return row;
    },
    async findDefault(tx: Executor = db): Promise<SiteRow | undefined> {
      const [row] = await tx.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
      return row;
    },
    async insert(values: NewSiteRow, tx: Executor = db): Promise<SiteRow> {
      const [row] = await tx.insert(sites).values(values).returning();
      if (!row) throw new Error('site insert returned nothing');
      return row;
    },
    async insertIfMissing(values: NewSiteRow, tx: Executor = db): Promise<void> {
      await tx.insert(sites).values(values).onConflictDoNothing({ target: sites.domain });
    },
  };
}
export type SitesRepository = ReturnType<typeof createSitesRepository>;
