// Like endpoints, one file per area: liking, unmatching and match moments (like-actions.routes.ts), and the likes
// pages and the like modal's profile (likes-lists.routes.ts). Liking, unmatching and seeing a moment share one limit.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { likeActionRoutes } from './like-actions.routes.ts';
import { likesListRoutes } from './likes-lists.routes.ts';

export const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  const likeLimit = rateLimitHook(app, { name: 'like', max: 60, timeWindow: '1 minute', key: memberRateKey });
  await app.register(likeActionRoutes, { likeLimit });
  await app.register(likesListRoutes);
};
