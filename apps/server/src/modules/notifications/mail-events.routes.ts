// The mail provider's bounces, complaints and mail-app unsubscribes: POST /api/mail-events.php, behind a shared secret
// compared in constant time.
import { timingSafeEqual } from 'node:crypto';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAIL_EVENTS_SECRET_HEADER, mailEventRequestSchema, mailEventResponseSchema } from '@app/contracts';
import { forbidden } from '../../lib/http-errors.ts';
import { errorResponses } from '../member-core/index.ts';
import { NOTIFICATIONS_TAGS as TAGS } from './unsubscribe-page.ts';

function isSecretValid(given: string | string[] | undefined, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const mailEventsRoutes: FastifyPluginAsyncZod<{
  mailEventsLimit: preHandlerAsyncHookHandler;
  mailEventsSecret?: string;
}> = async (app, { mailEventsLimit, mailEventsSecret }) => {
  const { notifications } = app.services;

  app.post(
    '/mail-events.php',
    {
      // A provider's webhook: authorised by the shared secret, not by a browser session.
      config: { csrf: false },
      preHandler: [mailEventsLimit],
      schema: {
        tags: TAGS,
        summary: `Bounces, complaints and mail-app unsubscribes from the mail provider (header ${MAIL_EVENTS_SECRET_HEADER}: MAIL_EVENTS_SECRET); stops all notification mail to those accounts`,
        body: mailEventRequestSchema,
        response: { 200: mailEventResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!isSecretValid(request.headers[MAIL_EVENTS_SECRET_HEADER], mailEventsSecret)) throw forbidden('forbidden');
      const { type, email, site_domain: domain } = request.body;
      let siteId: number | null = null;
      if (domain) {
        const site = await app.sites.resolve(domain.toLowerCase());
        // The resolver answers the default site for an unknown domain: an unknown domain has no accounts.
        if (site.domain !== domain.toLowerCase()) return { accounts: 0 };
        siteId = site.id;
      }
      return { accounts: await notifications.recordMailEvent({ type, email, siteId }) };
    },
  );
};
