// Swipe game: GET /api/swipe.php (candidates, likes left today), POST /api/swipe.php ({ id, action: like | skip }).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { swipeActionResponseSchema, swipeRequestSchema, swipeResponseSchema } from '@app/contracts';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['members'];

export const swipeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { swipe, viewers } = app.services;

  app.get(
    '/swipe.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'Swipe candidates and the likes left today',
        response: { 200: swipeResponseSchema, ...errorResponses },
      },
    },
    async (request) => swipe.getCandidates(await viewers.require(request), request.site),
  );

  app.post(
    '/swipe.php',
    {
      preValidation: [app.requireMember],
      preHandler: [
        app.requireConfirmedMember,
        rateLimitHook(app, { name: 'swipe', max: 120, timeWindow: '1 minute', key: memberRateKey }),
      ],
      schema: {
        tags: TAGS,
        summary: 'Like or skip a candidate; 4 likes per UTC day, then 429 swipe_limit_reached with params.resets_at',
        body: swipeRequestSchema,
        response: { 200: swipeActionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      const target = await viewers.openable(request, request.body.id);
      return swipe.swipe(viewer, target, request.body.action);
    },
  );
};
