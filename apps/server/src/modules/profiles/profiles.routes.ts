// Profile endpoints: the member's own profile (GET/PUT /api/profile.php) and another member's profile (GET /api/member.php).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  memberResponseSchema,
  ownProfileResponseSchema,
  profileIdQuerySchema,
  updateProfileRequestSchema,
} from '@app/contracts';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['members'];

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles, likes, visitors, viewers } = app.services;

  app.get(
    '/profile.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'The own profile with every field and photo',
        response: { 200: ownProfileResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ profile: await profiles.getOwnProfile(await viewers.require(request), request.site) }),
  );

  app.put(
    '/profile.php',
    {
      preValidation: [app.requireMember],
      preHandler: [rateLimitHook(app, { name: 'profile-update', max: 60, timeWindow: '1 minute', key: memberRateKey })],
      schema: {
        tags: TAGS,
        summary: 'Update the own profile (send the fields that changed; null clears a field)',
        body: updateProfileRequestSchema,
        response: { 200: ownProfileResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      return {
        profile: await profiles.updateOwnProfile(viewer, request.member!.user.email, request.site, request.body),
      };
    },
  );

  app.get(
    '/member.php',
    {
      preValidation: [app.optionalMember],
      schema: {
        tags: TAGS,
        summary:
          "A member's profile as the viewer may see it; opening it clears that member's like_new and records the visit",
        querystring: profileIdQuerySchema,
        response: { 200: memberResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.optional(request);
      const member = await profiles.getMemberProfile(viewer, request.site, request.query.id);
      if (viewer && !member.is_self && member.relation?.is_liked_by) await likes.markSeen(viewer, member.id);
      // Who viewed me: an outbox event, recorded by its consumer after the answer (docs/visitors.md).
      if (viewer && !member.is_self) await visitors.announceVisit(viewer, member.id);
      return { member };
    },
  );
};
