// Finds the site for a host, with a short in-memory cache: settings change rarely and every request needs them.
import type { SiteRow } from '../../db/schema/index.ts';
import type { SitesRepository } from './sites.repository.ts';
import { defaultSiteValues } from './default-site.ts';

const CACHE_TTL_MS = 30_000;

export function createSiteResolver(deps: { sitesRepository: Pick<SitesRepository, 'findByDomain' | 'findDefault' | 'insertIfMissing'> }) {
  const cache = new Map<string, { site: SiteRow; expires: number }>();

  async function loadDefault(): Promise<SiteRow> {
    const site = await deps.sitesRepository.findDefault();
    if (!site) throw new Error('no default site: the database was not seeded');
    return site;
  }

  return {
    /** Seeds the default site into an empty database; a no-op when it exists. */
    async ensureDefaultSite(): Promise<void> {
      if (!(await deps.sitesRepository.findDefault())) await deps.sitesRepository.insertIfMissing(defaultSiteValues());
    },
    async resolve(host: string): Promise<SiteRow> {
      const now = Date.now();
      const hit = cache.get(host);
      if (hit && hit.expires > now) return hit.site;
      const site = (host ? await deps.sitesRepository.findByDomain(host) : undefined) ?? (await loadDefault());
      // Bound the cache: arbitrary Host headers must not grow it without limit.
      if (cache.size > 1000) cache.clear();
      cache.set(host, { site, expires: now + CACHE_TTL_MS });
      return site;
    },
    invalidate(): void {
      cache.clear();
    },
  };
}
export type SiteResolver = ReturnType<typeof createSiteResolver>;
