// The query keys of the console's sites (all under adminKeys.all, so a logout forgets them).
import { adminKeys } from './admin-keys.ts';

/** A site's bundles and codes sit under the site, so saving the site refreshes them too. */
export const adminSiteKeys = {
  all: [...adminKeys.all, 'sites'] as const,
  detail: (id: number | null) => [...adminSiteKeys.all, id] as const,
  bundles: (id: number) => [...adminSiteKeys.detail(id), 'bundles'] as const,
  codes: (id: number) => [...adminSiteKeys.detail(id), 'codes'] as const,
};
