// One conversation: GET / DELETE /api/chat.php and POST /api/chat-read.php.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatQuerySchema,
  chatReadRequestSchema,
  chatReadResponseSchema,
  chatResponseSchema,
  deleteChatRequestSchema,
  deleteChatResponseSchema,
} from '@app/contracts';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['chat'];

export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chats, viewers } = app.services;
  const readLimit = rateLimitHook(app, { name: 'chat-read', max: 240, timeWindow: '1 minute', key: memberRateKey });

  app.get(
    '/chat.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          'One conversation by id or by partner profile, a page of messages (newest, before=<seq>, after=<seq>); the newest page marks it read',
        querystring: chatQuerySchema,
        response: { 200: chatResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { conversation, profile, before, after } = request.query;
      return chats.open(
        await viewers.require(request),
        request.site,
        { conversationId: conversation, partnerId: profile },
        { before, after },
      );
    },
  );

  app.delete(
    '/chat.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: "Remove a conversation from the member's list (it comes back when the partner writes again)",
        body: deleteChatRequestSchema,
        response: { 200: deleteChatResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await chats.remove(await viewers.require(request), request.body.conversation);
      return { removed: true as const };
    },
  );

  app.post(
    '/chat-read.php',
    {
      preValidation: [app.requireMember],
      preHandler: [readLimit],
      schema: {
        tags: TAGS,
        summary: 'The member has read a conversation up to seq',
        body: chatReadRequestSchema,
        response: { 200: chatReadResponseSchema, ...errorResponses },
      },
    },
    async (request) => chats.markRead(await viewers.require(request), request.body.conversation, request.body.seq),
  );
};
