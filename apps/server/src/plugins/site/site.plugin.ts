// Resolves the white-label site of each request from its Host header (unknown hosts get the default site).
import fp from 'fastify-plugin';
import type { SiteRow } from '../../db/schema/index.ts';
import { siteBaseUrl } from '../../lib/site-origin.ts';
import { createSitesRepository } from './sites.repository.ts';
import { createSiteResolver, type InsertBundles, type SiteResolver } from './site-resolver.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sites: SiteResolver;
  }
  interface FastifyRequest {
    site: SiteRow;
    /** The site's own address from configuration (lib/site-origin.ts), never the request's Host header. */
    siteOrigin: string;
  }
  interface FastifyContextConfig {
    /** false: the route does not need its site (the health check must answer even when the database does not). */
    site?: boolean;
  }
}

/** Strips the port and a trailing dot; hosts are case-insensitive. */
export function normalizeHost(host: string | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  const withoutPort = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : (value.split(':')[0] ?? '');
  return withoutPort.replace(/\.$/, '');
}

export const sitePlugin = fp<{
  publicUrl: string;
  /** The default site's credit bundles are stored by payments (its `insertBundles`; a plugin imports no module). */
  insertBundles: InsertBundles;
}>(
  async (app, { publicUrl, insertBundles }) => {
    const resolver = createSiteResolver({ sitesRepository: createSitesRepository(app.db), insertBundles });
    await resolver.ensureDefaultSite();
    app.decorate('sites', resolver);
    app.decorateRequest('site', null as unknown as SiteRow);
    app.decorateRequest('siteOrigin', '');
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.site === false) return;
      request.site = await resolver.resolve(normalizeHost(request.hostname));
      request.siteOrigin = siteBaseUrl(request.site, publicUrl);
    });
  },
  { name: 'site', dependencies: ['db'] },
);
