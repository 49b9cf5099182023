// Suggestion endpoints: GET /api/match-finder.php (paged) and GET /api/signup-matches.php.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchFinderQuerySchema, matchFinderResponseSchema, signupMatchesResponseSchema } from '@app/contracts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['members'];

export const matchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { matches, viewers } = app.services;

  app.get(
    '/match-finder.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          'Members who suit the member (gender and sexuality both ways, age window, own country first) with their like state',
        querystring: matchFinderQuerySchema,
        response: { 200: matchFinderResponseSchema, ...errorResponses },
      },
    },
    async (request) => matches.findMatches(await viewers.require(request), request.site, request.query.cursor),
  );

  app.get(
    '/signup-matches.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'A first set of suitable members with a photo, not liked yet (after signup)',
        response: { 200: signupMatchesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ profiles: await matches.findSignupMatches(await viewers.require(request), request.site) }),
  );
};
