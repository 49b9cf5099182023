// Reading a site's row by id, for modules that act on a member outside a request (a provider's webhook, a job).
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sites, type SiteRow } from '../../db/schema/index.ts';

export async function findSite(executor: Executor, siteId: number): Promise<SiteRow | undefined> {
  const [row] = await executor.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  return row;
}
