// GET /api/landers.php: a landing page's payload and first view, for client-side navigation (docs/landers.md); the
// landing pages' own index.html is lander-pages.ts's.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, landersQuerySchema, landersResponseSchema } from '@app/contracts';
import { LANGUAGE_COOKIE, isUiLanguage } from '@app/i18n';
import { lookupCountry } from '../../lib/geoip.ts';
import { notFound } from '../../lib/http-errors.ts';
import { rateLimit } from '../../plugins/rate-limit.plugin.ts';
import { parseLanderPath, type LanderVisit } from './landers.service.ts';
import { landerRendererOf, renderLanderContent } from './lander-render.ts';

/**
 * The place the visitor's browser was located in during the last hour, written by the web app: `NL.NH`, `NL`, or
 * either with the town geocode.php named, `NL.NH|Amsterdam` (the server locates the town itself: no coordinates).
 */
export const PLACE_COOKIE = 'geo_place';
const PLACE_PATTERN = /^([A-Z]{2})(?:\.([A-Za-z0-9-]{1,6}))?(?:\|([^\p{Cc}|]{1,80}))?$/u;

export const LANDERS_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/** What a landing page depends on of the visitor: the site, the language cookie, where they are. */
export function visitOf(request: FastifyRequest): LanderVisit {
  const cookie = request.cookies[LANGUAGE_COOKIE];
  const place = PLACE_PATTERN.exec(request.cookies[PLACE_COOKIE] ?? '');
  return {
    site: request.site,
    cookieLanguage: isUiLanguage(cookie) ? cookie : null,
    geoipCountry: lookupCountry(request.ip),
    knownPlace: place ? { country: place[1]!, region: place[2] ?? null, city: place[3]?.trim() || null } : null,
    origin: request.siteOrigin,
  };
}

export const landersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { landers, landerExperiments, traffic } = app.services;
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
      const pathname = request.query.path.split('?')[0]!;
      const target = parseLanderPath(pathname);
      // The variant the visitor was given at their first touch, else one by weight (a landing's own visit is recorded
      // by its page; this answers client-side navigation).
      const variant =
        target?.kind === 'lander'
          ? await landerExperiments.choose(
              request.site.id,
              target.name,
              traffic.visitorOf(request)?.variants[target.name],
            )
          : null;
      const result = await landers.render(pathname, visitOf(request), variant);
      if (!result) throw notFound();
      // The same markup and styles as the page's own first view: the web app's render, with the release it serves.
      const renderer = await landerRendererOf(request.server.webRelease);
      return {
        lander: result.payload,
        html: renderLanderContent(renderer, result, request.site.name).html,
        css: renderer?.LANDER_CSS ?? '',
      };
    },
  );
};
