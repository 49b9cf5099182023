// One-click unsubscribe from a notification mail, no login: GET /api/unsubscribe.php shows a confirmation page
// (changes nothing), POST switches that type's e-mails off (RFC 8058).
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../member-core/index.ts';
import { NOTIFICATIONS_TAGS as TAGS, unsubscribePage } from './unsubscribe-page.ts';

const htmlSchema = z.string().meta({ description: 'text/html' });
const tokenQuerySchema = z.object({ token: z.string().max(200) });

export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  unsubscribeLimit: preHandlerAsyncHookHandler;
  publicUrl: string;
}> = async (app, { unsubscribeLimit, publicUrl }) => {
  const { notifications } = app.services;

  app.get(
    '/unsubscribe.php',
    {
      preHandler: [unsubscribeLimit],
      schema: {
        tags: TAGS,
        summary:
          'The unsubscribe link of a notification mail: a confirmation page (changes nothing; link scanners open it too)',
        querystring: tokenQuerySchema,
        response: { 200: htmlSchema, 400: htmlSchema, 429: errorResponses[429] },
      },
    },
    async (request, reply) => {
      const result = await notifications.inspectUnsubscribe(request.query.token);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      return reply
        .code(result.verdict.ok ? 200 : 400)
        .send(unsubscribePage(publicUrl, request, result, 'confirm', request.query.token));
    },
  );

  app.post(
    '/unsubscribe.php',
    {
      // Posted by mail apps and by the confirmation page's form: neither can send the client header; the signed
      // token in the link is what authorises the change.
      config: { csrf: false },
      preHandler: [unsubscribeLimit],
      schema: {
        tags: TAGS,
        summary:
          "One-click unsubscribe (RFC 8058, body List-Unsubscribe=One-Click): switches that type's e-mails off, no login",
        querystring: tokenQuerySchema,
        body: z.record(z.string(), z.unknown()).optional(),
        response: { 200: htmlSchema, 400: htmlSchema, 429: errorResponses[429] },
      },
    },
    async (request, reply) => {
      const result = await notifications.unsubscribe(request.query.token);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer');
      return reply
        .code(result.verdict.ok ? 200 : 400)
        .send(unsubscribePage(publicUrl, request, result, 'done', request.query.token));
    },
  );
};
