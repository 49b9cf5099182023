// GET /manifest.webmanifest, /icons/app*.{svg,png}, /apple-touch-icon.png, /robots.txt and /sitemap.xml for the site of the request host.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, localeFromDomainLanguage } from '@app/i18n';
import { siteText } from '../../plugins/site/index.ts';
import { APPLE_TOUCH_ICON_SIZE, APP_ICON_SIZES, createAppIcons, type AppIconSize } from './app-icons.ts';
import { robotsTxt, sitemapXml, webManifest } from './site-meta.ts';
import { offlinePage } from './offline-page.ts';

/** The origin the visitor used (the Host header, as the site was resolved from it; the scheme behind a proxy too). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export const siteMetaRoutes: FastifyPluginAsync = async (app) => {
  const icons = createAppIcons();
  const hide = { schema: { hide: true } };

  app.get('/manifest.webmanifest', hide, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').type('application/manifest+json; charset=utf-8');
    // One manifest per site (shared caches keep it): its texts in the site's own language.
    const { site } = request;
    const language = localeFromDomainLanguage(site.domainLanguage) ?? DEFAULT_LOCALE;
    return JSON.stringify(
      webManifest({
        ...site,
        indexTitle: siteText(site, 'index_title', language),
        description: siteText(site, 'description', language),
      }),
    );
  });

  app.get('/icons/app.svg', hide, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml');
    return icons.svg('any');
  });
  for (const size of APP_ICON_SIZES) {
    for (const purpose of ['any', 'maskable'] as const) {
      app.get(`/icons/app${purpose === 'maskable' ? '-maskable' : ''}-${size}.png`, hide, async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=86400').type('image/png');
        return icons.png(purpose, size as AppIconSize);
      });
    }
  }

  // iOS asks for these at the root whatever the page links (they answered the app's HTML before): the maskable drawing,
  // full bleed, since iOS rounds the corners itself.
  for (const path of ['/apple-touch-icon.png', '/apple-touch-icon-precomposed.png']) {
    app.get(path, hide, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400').type('image/png');
      return icons.png('maskable', APPLE_TOUCH_ICON_SIZE);
    });
  }

  app.get('/offline.html', hide, async (request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return offlinePage(request.site.name);
  });

  app.get('/robots.txt', hide, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8');
    return robotsTxt(originOf(request));
  });

  app.get('/sitemap.xml', hide, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8');
    return sitemapXml(originOf(request));
  });
};
