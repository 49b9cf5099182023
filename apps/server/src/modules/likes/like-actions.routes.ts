// Liking: POST and DELETE /api/like.php (a mutual like is a match), POST /api/unmatch.php (ends it for both), and
// the match moments: GET /api/match-moments.php (matches not yet seen) and POST /api/match-moments.php (seen).
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  likeResponseSchema,
  matchMomentSeenResponseSchema,
  matchMomentsResponseSchema,
  profileIdSchema,
} from '@app/contracts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['members'];

type LikesApp = Parameters<FastifyPluginAsyncZod>[0];

/** Like, unlike and unmatch. */
function registerLikeRoutes(app: LikesApp, likeLimit: preHandlerAsyncHookHandler) {
  const { likes, viewers } = app.services;

  app.post(
    '/like.php',
    {
      preValidation: [app.requireMember],
      preHandler: [app.requireConfirmedMember, likeLimit],
      schema: {
        tags: TAGS,
        summary: 'Like a member; a mutual like is a match (is_new_match: show "It\'s a match")',
        body: profileIdSchema,
        response: { 200: likeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      const target = await viewers.openable(request, request.body.id);
      return likes.like(viewer, target);
    },
  );

  app.delete(
    '/like.php',
    {
      preValidation: [app.requireMember],
      preHandler: [likeLimit],
      schema: {
        tags: TAGS,
        summary: 'Take a like back (a match ends with it)',
        body: profileIdSchema,
        response: { 200: likeResponseSchema, ...errorResponses },
      },
    },
    async (request) => likes.unlike(await viewers.require(request), request.body.id),
  );

  app.post(
    '/unmatch.php',
    {
      preValidation: [app.requireMember],
      preHandler: [likeLimit],
      schema: {
        tags: TAGS,
        summary: 'End a match for both: both likes withdrawn, the conversation off both lists',
        body: profileIdSchema,
        response: { 200: likeResponseSchema, ...errorResponses },
      },
    },
    async (request) => likes.unmatch(await viewers.require(request), request.body.id),
  );
}

/** The match moments: the matches not yet seen, and one seen. */
function registerMatchMomentRoutes(app: LikesApp, likeLimit: preHandlerAsyncHookHandler) {
  const { likes, viewers } = app.services;

  app.get(
    '/match-moments.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'Matches whose moment the member has not seen yet (the other like came while they were away)',
        response: { 200: matchMomentsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      return likes.matchMoments(viewer, request.site);
    },
  );

  app.post(
    '/match-moments.php',
    {
      preValidation: [app.requireMember],
      preHandler: [likeLimit],
      schema: {
        tags: TAGS,
        summary: 'The member saw the moment of their match with this member',
        body: profileIdSchema,
        response: { 200: matchMomentSeenResponseSchema, ...errorResponses },
      },
    },
    async (request) => likes.matchMomentSeen(await viewers.require(request), request.body.id),
  );
}

export const likeActionRoutes: FastifyPluginAsyncZod<{ likeLimit: preHandlerAsyncHookHandler }> = async (
  app,
  { likeLimit },
) => {
  registerLikeRoutes(app, likeLimit);
  registerMatchMomentRoutes(app, likeLimit);
};
