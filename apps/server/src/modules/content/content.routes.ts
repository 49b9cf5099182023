// GET /api/interests.php and /api/regions.php: catalogues the web client loads once; the support ticket routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INTERESTS, interestsResponseSchema, regionsResponseSchema } from '@app/contracts';
import { regionsForCountries } from '../../lib/regions.ts';
import { ticketsRoutes } from './tickets.routes.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ticketsRoutes);

  app.get(
    '/interests.php',
    {
      schema: {
        tags: ['content'],
        summary: 'Interest keys of this site with their icons',
        response: { 200: interestsResponseSchema },
      },
    },
    async (request, reply) => {
      const enabled = new Set(request.site.interests);
      reply.header('cache-control', 'public, max-age=300');
      return {
        interests: INTERESTS.filter((interest) => enabled.has(interest.key)).map((interest) => ({ ...interest })),
      };
    },
  );

  app.get(
    '/regions.php',
    {
      schema: {
        tags: ['content'],
        summary: 'Regions per country of this site',
        response: { 200: regionsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { regions: regionsForCountries(request.site.countries, request.site.regionData) };
    },
  );
};
