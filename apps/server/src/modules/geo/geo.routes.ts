// GET /api/geocode.php (SPEC section 7): reverse geocode of the browser's position; the web stores the answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, geocodeQuerySchema, geocodeResponseSchema } from '@app/contracts';
import { rateLimit } from '../../plugins/rate-limit.plugin.ts';

/** A browser asks once an hour at most (the position is cached); this leaves room for a household behind one address. */
export const GEOCODE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geo } = app.services;
  app.get(
    '/geocode.php',
    {
      config: rateLimit(GEOCODE_RATE_LIMIT),
      schema: {
        tags: ['content'],
        summary: 'Reverse geocode of a position (offline data): country, region code of regions.php, nearest place',
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // The same position always answers the same: browsers may keep it as long as they keep the position.
      reply.header('cache-control', 'private, max-age=3600');
      return { geocode: geo.reverse(request.site, request.query.lat, request.query.lon) };
    },
  );
};
