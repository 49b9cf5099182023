// Every site in id order, as the staff console lists them.
import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sites } from '../../db/schema/index.ts';

export type SiteListing = { id: number; domain: string; name: string; isDefault: boolean; createdAt: Date };

export async function listSites(executor: Executor): Promise<SiteListing[]> {
  return executor
    .select({
      id: sites.id,
      domain: sites.domain,
      name: sites.name,
      isDefault: sites.isDefault,
      createdAt: sites.createdAt,
    })
    .from(sites)
    .orderBy(asc(sites.id));
}
