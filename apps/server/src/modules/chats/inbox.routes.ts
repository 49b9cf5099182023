// The conversation list: GET /api/chats.php, polled with its entity tag.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatsQuerySchema, chatsResponseSchema } from '@app/contracts';
import { z } from 'zod';
import { isNotModified } from '../../lib/conditional-get.ts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['chat'];

export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chats, viewers } = app.services;

  app.get(
    '/chats.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          'The conversation list, newest activity first (50; next_cursor pages on); ?since=<version> answers what changed after it. ' +
          'Polled: send If-None-Match with the last ETag, 304 when nothing changed',
        querystring: chatsQuerySchema,
        response: { 200: chatsResponseSchema, 304: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { cursor, since } = request.query;
      if (cursor === undefined && since === undefined) {
        const etag = await chats.listTag({ profileId: request.member!.view.profile.id }, request.site);
        if (isNotModified(request, reply, etag)) return reply.code(304).send(undefined);
      }
      return chats.list(await viewers.require(request), request.site, { cursor, since });
    },
  );
};
