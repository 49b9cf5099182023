// Finds the site for a host, with a short in-memory cache: settings change rarely and every request needs them.
import type { Executor } from '../../db/client.ts';
import type { SiteRow } from '../../db/schema/index.ts';
import type { SitesRepository } from './sites.repository.ts';
import { defaultSiteValues, DEFAULT_BUNDLES } from './default-site.ts';

const CACHE_TTL_MS = 30_000;

export type InsertBundles = (tx: Executor, siteId: number, bundles: DefaultBundle[]) => Promise<void>;

/** A credit bundle the default site starts with, in its order on the site. */
export type DefaultBundle = (typeof DEFAULT_BUNDLES)[number] & { sortOrder: number };

export function createSiteResolver(deps: {
  sitesRepository: Pick<SitesRepository, 'findByDomain' | 'findDefault' | 'insertIfMissing'>;
  /** Stores a new site's credit bundles (payments owns `credit_bundles`; app.ts hands in its function). */
  insertBundles: InsertBundles;
}) {
  const cache = new Map<string, { site: SiteRow; expires: number }>();

  async function loadDefault(): Promise<SiteRow> {
    const site = await deps.sitesRepository.findDefault();
    if (!site) throw new Error('no default site: the database was not seeded');
    return site;
  }

  /** `www.example.com` is served by the row for `example.com` unless it has a row of its own. */
  async function findByHost(host: string): Promise<SiteRow | undefined> {
    if (!host) return undefined;
    const exact = await deps.sitesRepository.findByDomain(host);
    if (exact || !host.startsWith('www.')) return exact;
    return deps.sitesRepository.findByDomain(host.slice(4));
  }

  return {
    /** Seeds the default site into an empty database; a no-op when it exists. */
    async ensureDefaultSite(): Promise<void> {
      if (!(await deps.sitesRepository.findDefault()))
        await deps.sitesRepository.insertIfMissing(defaultSiteValues(), (tx, siteId) =>
          deps.insertBundles(
            tx,
            siteId,
            DEFAULT_BUNDLES.map((bundle, index) => ({ ...bundle, sortOrder: index })),
          ),
        );
    },
    async resolve(host: string): Promise<SiteRow> {
      const now = Date.now();
      const hit = cache.get(host);
      if (hit && hit.expires > now) return hit.site;
      const site = (await findByHost(host)) ?? (await loadDefault());
      // Bound the cache: arbitrary Host headers must not grow it without limit.
      if (cache.size > 1000) cache.clear();
      cache.set(host, { site, expires: now + CACHE_TTL_MS });
      return site;
    },
    /** Forgets cached sites; call after changing a site row. */
    invalidate(): void {
      cache.clear();
    },
  };
}
export type SiteResolver = ReturnType<typeof createSiteResolver>;
