// POST /api/page-hidden.php: the page-bounce beacon sent when `?lb` is present and the page becomes hidden.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@app/contracts';
import { badRequest } from '../../lib/http-errors.ts';
import { rateLimit } from '../../plugins/rate-limit.plugin.ts';
import { MAX_PATH_LENGTH } from './analytics.service.ts';

function pathOfReferer(referer: string | undefined): string {
  if (!referer) return '/';
  try {
    return new URL(referer, 'http://localhost').pathname;
  } catch {
    return '/';
  }
}

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;
  // navigator.sendBeacon(url, string) sends text/plain; the beacon's body is JSON either way.
  // (This plugin is encapsulated: other routes keep Fastify's plain-text parser.)
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, null);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('bad_request'), undefined);
    }
  });

  app.post(
    '/page-hidden.php',
    {
      // navigator.sendBeacon cannot set headers; the beacon changes no member state, only appends a log row.
      config: { csrf: false, ...rateLimit({ max: 30, timeWindow: '1 minute' }) },
      schema: {
        tags: ['analytics'],
        summary: 'Page-bounce beacon',
        body: z.object({ path: z.string().max(MAX_PATH_LENGTH).optional() }).nullish(),
        response: { 204: z.null(), 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const path = request.body?.path ?? pathOfReferer(request.headers.referer);
      await analytics.recordBounce(request.site.id, path);
      return reply.status(204).send(null);
    },
  );
};
