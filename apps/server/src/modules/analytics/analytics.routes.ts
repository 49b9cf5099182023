// POST /api/page-hidden.php: the page-bounce beacon sent when `?lb` is present and the page becomes hidden.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageBounces } from '../../db/schema/index.ts';

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/page-hidden.php',
    {
      // navigator.sendBeacon cannot set headers; the beacon changes no member state, only appends a log row.
      config: { csrf: false, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['analytics'],
        summary: 'Page-bounce beacon',
        body: z.object({ path: z.string().max(500).optional() }).nullish(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const referer = request.headers.referer;
      const path = request.body?.path ?? (referer ? new URL(referer, 'http://x').pathname : '/');
      await app.db.insert(pageBounces).values({ siteId: request.site.id, path: path.slice(0, 500) });
      return reply.status(204).send(null);
    },
  );
};
