// A site's row: read by id (a provider's webhook, a job act outside a request), created and changed by staff (through
// modules/sites, which re-exports these). The site plugin owns `sites`; whoever changes a site announces it on the bus
// (`site.changed`), so every instance's site resolver forgets it.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sites, type NewSiteRow, type SiteRow } from '../../db/schema/index.ts';

/** The settings staff set: everything but the id, the default flag and the creation time. */
export type SiteSettingsRow = Omit<NewSiteRow, 'id' | 'isDefault' | 'createdAt'>;

export async function findSite(executor: Executor, siteId: number): Promise<SiteRow | undefined> {
  const [row] = await executor.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  return row;
}

/** Every site's name by id (names beside a report's rows). */
export async function listSiteNames(executor: Executor): Promise<Map<number, string>> {
  const rows = await executor.select({ id: sites.id, name: sites.name }).from(sites);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The time zones of one site, or of every site, each once. */
export async function listSiteTimeZones(executor: Executor, siteId?: number): Promise<string[]> {
  const rows = await executor
    .selectDistinct({ timeZone: sites.timeZone })
    .from(sites)
    .where(siteId === undefined ? undefined : eq(sites.id, siteId));
  return rows.map((row) => row.timeZone);
}

/** A new site (a taken domain fails with the unique violation). */
export async function insertSite(executor: Executor, settings: SiteSettingsRow): Promise<SiteRow> {
  const [row] = await executor.insert(sites).values(settings).returning();
  return row!;
}

/** The site's settings replaced (a taken domain fails with the unique violation). */
export async function updateSite(
  executor: Executor,
  siteId: number,
  settings: SiteSettingsRow,
): Promise<SiteRow | undefined> {
  const [row] = await executor.update(sites).set(settings).where(eq(sites.id, siteId)).returning();
  return row;
}
