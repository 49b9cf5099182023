// Notification endpoints (docs/notifications.md), one file per area: the member's choices, GET / PUT
// /api/notifications.php (settings.routes.ts); one-click unsubscribe from a mail, /api/unsubscribe.php
// (unsubscribe.routes.ts, its page in unsubscribe-page.ts); and the mail provider's bounces and complaints,
// POST /api/mail-events.php (mail-events.routes.ts). The body parsers and the limits are made here.
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { mailEventsRoutes } from './mail-events.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { unsubscribeRoutes } from './unsubscribe.routes.ts';

export type NotificationsRoutesOptions = { mailEventsSecret?: string; publicUrl: string };

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, options) => {
  // Mail apps post the one-click unsubscribe as a form (RFC 8058: urlencoded or multipart); only the link's token counts.
  await app.register(formbody, { bodyLimit: 4096 });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, {}),
  );

  const updateLimit = rateLimitHook(app, {
    name: 'notifications-update',
    max: 60,
    timeWindow: '1 minute',
    key: memberRateKey,
  });
  const unsubscribeLimit = rateLimitHook(app, { name: 'unsubscribe', max: 30, timeWindow: '1 minute' });
  const mailEventsLimit = rateLimitHook(app, { name: 'mail-events', max: 600, timeWindow: '1 minute' });

  await app.register(settingsRoutes, { updateLimit });
  await app.register(unsubscribeRoutes, { unsubscribeLimit, publicUrl: options.publicUrl });
  await app.register(mailEventsRoutes, { mailEventsLimit, mailEventsSecret: options.mailEventsSecret });
};
