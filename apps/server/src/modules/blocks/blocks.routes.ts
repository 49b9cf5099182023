// Blocking endpoints: POST / DELETE /api/block.php ({ id }), GET /api/blocks.php (the members the member blocked).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockResponseSchema, blocksResponseSchema, profileIdSchema } from '@app/contracts';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { toProfileCard } from '../member-core/index.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['members'];

export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { blocks, viewers } = app.services;
  const limit = rateLimitHook(app, { name: 'block', max: 30, timeWindow: '1 minute', key: memberRateKey });

  app.post(
    '/block.php',
    {
      preValidation: [app.requireMember],
      preHandler: [limit],
      schema: {
        tags: TAGS,
        summary:
          'Block a member: they cannot open the profile, like or contact; likes and match between the two are removed',
        body: profileIdSchema,
        response: { 200: blockResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      const target = await viewers.openable(request, request.body.id);
      await blocks.block(viewer, target.id);
      return { is_blocked: true };
    },
  );

  app.delete(
    '/block.php',
    {
      preValidation: [app.requireMember],
      preHandler: [limit],
      schema: {
        tags: TAGS,
        summary: 'Unblock a member',
        body: profileIdSchema,
        response: { 200: blockResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await blocks.unblock(await viewers.require(request), request.body.id);
      return { is_blocked: false };
    },
  );

  app.get(
    '/blocks.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'The members the member blocked, newest first',
        response: { 200: blocksResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      const now = app.clock.now();
      return { profiles: (await blocks.listBlocked(viewer)).map((row) => toProfileCard(row, request.site, now)) };
    },
  );
};
