// The likes pages: GET /api/likes.php (both lists, polled with an ETag), /api/likes-list.php (one page of a list),
// /api/likes-member.php (the likes between the member and one other) and /api/auto-like.php (the like modal's profile).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autoLikeResponseSchema,
  likesListQuerySchema,
  likesListResponseSchema,
  likesMemberResponseSchema,
  likesResponseSchema,
  profileIdQuerySchema,
} from '@app/contracts';
import { z } from 'zod';
import { isNotModified } from '../../lib/conditional-get.ts';
import { lookupCountry } from '../../lib/geoip.ts';
import { errorResponses, profileNotFound, toImage } from '../member-core/index.ts';

const TAGS = ['members'];

type LikesApp = Parameters<FastifyPluginAsyncZod>[0];

/** The likes lists: both at once (polled), and one page of one. */
function registerListRoutes(app: LikesApp) {
  const { likes, viewers } = app.services;

  app.get(
    '/likes.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          'The members the member likes (profiles, newest first) and who likes the member (liked_by, new likes first); ' +
          'polled: send If-None-Match with the last ETag, 304 when nothing changed',
        response: { 200: likesResponseSchema, 304: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      // The poll path: the member view (usually from memory) and one small query; the answer is built only when it changed.
      const etag = await likes.overviewTag({ profileId: request.member!.view.profile.id }, request.site);
      if (isNotModified(request, reply, etag)) return reply.code(304).send(undefined);
      return likes.getOverview(await viewers.require(request), request.site);
    },
  );

  app.get(
    '/likes-list.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'One page of liked, liked-by (new first) or matches; follow next_cursor',
        querystring: likesListQuerySchema,
        response: { 200: likesListResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      likes.getList(await viewers.require(request), request.site, request.query.type, request.query.cursor),
  );
}

/** One other member: the likes between the two, and the like modal's profile. */
function registerMemberRoutes(app: LikesApp) {
  const { likes, blocks, matches, members, viewers } = app.services;

  app.get(
    '/likes-member.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'The likes between the member and one other member (/likes/m/{id}); clears like_new',
        querystring: profileIdQuerySchema,
        response: { 200: likesMemberResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      const card = await members.findViewableCard(request.site.id, request.query.id);
      if (!card) throw profileNotFound();
      if (card.id !== viewer.profileId) await blocks.assertCanInteract(viewer, card);
      return likes.getPair(viewer, request.site, card);
    },
  );

  app.get(
    '/auto-like.php',
    {
      preValidation: [app.optionalMember],
      schema: {
        tags: TAGS,
        summary: 'A profile for the like modal: someone who likes the member and is not liked back, else a suggestion',
        response: { 200: autoLikeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.optional(request);
      const picked = viewer
        ? ((await likes.findUnansweredLiker(viewer)) ??
          (await matches.suggest(viewer, request.site, 1, { requireMainImage: true, excludeLiked: true }))[0])
        : await likes.findRelevantWithPhoto(request.site.id, await lookupCountry(request.ip));
      if (!picked) throw profileNotFound();
      return {
        id: picked.id,
        name: picked.name,
        main_image: toImage(request.site.cdnPrefix, picked.mainFileKey, picked.mainThumbKey),
      };
    },
  );
}

export const likesListRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoutes(app);
  registerMemberRoutes(app);
};
