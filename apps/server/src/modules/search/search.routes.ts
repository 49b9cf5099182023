// Member search: GET /api/search.php (members and, as the site allows, visitors).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  homeMembersQuerySchema,
  homeMembersResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@app/contracts';
import { lookupCountry } from '../../lib/geoip.ts';
import { rateLimit } from '../../plugins/rate-limit.plugin.ts';
import { errorResponses } from '../member-core/index.ts';

/** Tracking data counts when a value is left once ad-network placeholders ({sub1}) are stripped. */
const hasValue = (value: string | undefined) => Boolean(value?.replace(/[{}]/g, '').trim());

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search, viewers } = app.services;

  app.get(
    '/search.php',
    {
      config: rateLimit({ max: 120, timeWindow: '1 minute' }),
      preValidation: [app.optionalMember],
      schema: {
        tags: ['members'],
        summary:
          'Search members: filters of settings.search_fields, relevance order (photo, activity day, newest), keyset pages (follow next_cursor)',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { query } = request;
      const viewer = await viewers.optional(request);
      const visitorCountry = viewer ? null : await lookupCountry(request.ip);
      return search.search(
        { viewer, site: request.site, hasTracking: hasValue(query.network) || hasValue(query.ref), visitorCountry },
        query,
      );
    },
  );

  app.get(
    '/home-members.php',
    {
      config: rateLimit({ max: 60, timeWindow: '1 minute' }),
      preValidation: [app.optionalMember],
      schema: {
        tags: ['members'],
        summary:
          "The home page's faces: members with a public main photo, near the visitor; visitors only where logged_out_search lets them search",
        querystring: homeMembersQuerySchema,
        response: { 200: homeMembersResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { query } = request;
      const viewer = await viewers.optional(request);
      const visitorCountry = viewer ? null : await lookupCountry(request.ip);
      return search.homeMembers(
        { viewer, site: request.site, hasTracking: hasValue(query.network) || hasValue(query.ref), visitorCountry },
        query.limit,
      );
    },
  );
};
