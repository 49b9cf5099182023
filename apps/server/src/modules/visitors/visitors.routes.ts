// Who viewed me: GET /api/visitors.php (docs/visitors.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitorsQuerySchema, visitorsResponseSchema } from '@app/contracts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['members'];

export const visitorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { visitors, viewers } = app.services;

  app.get(
    '/visitors.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          "Who opened the member's profile in the last 30 days: count (distinct visitors) and, for premium members, " +
          'one page of visitors (newest visit first; follow next_cursor); free members get an empty list and is_locked',
        querystring: visitorsQuerySchema,
        response: { 200: visitorsResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return visitors.getVisitors(await viewers.require(request), request.site, request.query.cursor);
    },
  );
};
