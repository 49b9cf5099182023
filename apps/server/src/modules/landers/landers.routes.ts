// GET /api/landers.php (a landing page's payload and first view, for client-side navigation) and the landing pages'
// index.html, filled in by the web plugin before any script runs (docs/landers.md).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, landersQuerySchema, landersResponseSchema } from '@app/contracts';
import { LANGUAGE_COOKIE, isUiLanguage } from '@app/i18n';
import { lookupCountry } from '../../lib/geoip.ts';
import { notFound } from '../../lib/http-errors.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { rateLimit } from '../../plugins/rate-limit.plugin.ts';
import type { WebPage } from '../../plugins/web.plugin.ts';
import { cleanTracking, type LanderVisit } from './landers.service.ts';
import { renderLanderDocument } from './lander-document.ts';
import { LANDER_CSS } from './lander-styles.ts';
import { siteEntryWarningFor } from './site-entry-markup.ts';

/**
 * The place the visitor's browser was located in during the last hour, written by the web app: `NL.NH`, `NL`, or
 * either with the town geocode.php named, `NL.NH|Amsterdam` (the server locates the town itself: no coordinates).
 */
export const PLACE_COOKIE = 'geo_place';
const PLACE_PATTERN = /^([A-Z]{2})(?:\.([A-Za-z0-9-]{1,6}))?(?:\|([^\p{Cc}|]{1,80}))?$/u;

export const LANDERS_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export async function visitOf(request: FastifyRequest, query: Record<string, unknown>): Promise<LanderVisit> {
  const cookie = request.cookies[LANGUAGE_COOKIE];
  const place = PLACE_PATTERN.exec(request.cookies[PLACE_COOKIE] ?? '');
  return {
    site: request.site,
    cookieLanguage: isUiLanguage(cookie) ? cookie : null,
    geoipCountry: await lookupCountry(request.ip),
    knownPlace: place ? { country: place[1]!, region: place[2] ?? null, city: place[3]?.trim() || null } : null,
    origin: originOf(request),
    tracking: cleanTracking(query),
  };
}

export const landersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { landers } = app.services;
  app.get(
    '/landers.php',
    {
      config: rateLimit(LANDERS_RATE_LIMIT),
      schema: {
        tags: ['content'],
        summary: "A landing page's payload (profiles near the visitor, texts) and its first view's markup and styles",
        querystring: landersQuerySchema,
        response: { 200: landersResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const result = await landers.render(request.query.path.split('?')[0]!, await visitOf(request, request.query));
      if (!result) throw notFound();
      return { lander: result.payload, html: result.content, css: LANDER_CSS };
    },
  );
};

/** The landing pages' paths, answered with index.html carrying their payload and first view (plugins/web.plugin.ts). */
export const LANDER_PAGE_URLS = [
  '/landers/:lander',
  '/landers/:lander/:slug',
  '/members/:id/landing',
  '/members/:id/landing2',
  '/members/:id/landing2/:slug',
  '/members/:id/landing3',
  '/members/:id/landing3/:slug',
];

export const landerWebPages: WebPage[] = LANDER_PAGE_URLS.map((url) => ({
  url,
  async render(request, reply) {
    const { landers } = request.server.services;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const visit = await visitOf(request, query);
    const result = await landers.render(request.url.split('?')[0]!, visit);
    if (!result) return null;
    const common = getTranslator(result.payload.language as Parameters<typeof getTranslator>[0]);
    return renderLanderDocument({
      entryWarning: await siteEntryWarningFor(request, reply, 'lander', common),
      payload: result.payload,
      content: result.content,
      siteName: request.site.name,
      origin: originOf(request),
      navLabel: common('nav.label'),
      homeLabel: common('nav.home', { name: request.site.name }),
    });
  },
}));
