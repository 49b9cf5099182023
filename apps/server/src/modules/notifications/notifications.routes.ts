// Notification endpoints: GET / PUT /api/notifications.php (the member's choices), /api/unsubscribe.php (one-click
// unsubscribe from a mail, no login: GET shows a confirmation page, POST switches the type off, RFC 8058), and
// POST /api/mail-events.php (the mail provider's bounces and complaints, behind a shared secret).
import { timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAIL_EVENTS_SECRET_HEADER,
  mailEventRequestSchema,
  mailEventResponseSchema,
  notificationSettingsResponseSchema,
  updateNotificationSettingsRequestSchema,
} from '@app/contracts';
import { isUiLanguage, type UiLanguage } from '@app/i18n';
import { forbidden } from '../../lib/http-errors.ts';
import { getTranslator } from '../../lib/i18n.ts';
import { escapeHtml } from '../../lib/html.ts';
import { siteBaseUrl } from '../../plugins/mailer/index.ts';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { errorResponses } from '../member-core/index.ts';
import type { Recipient } from './notifications.repository.ts';
import type { UnsubscribeVerdict } from './unsubscribe-tokens.ts';

const TAGS = ['notifications'];
const htmlSchema = z.string().meta({ description: 'text/html' });
const tokenQuerySchema = z.object({ token: z.string().max(200) });

export type NotificationsRoutesOptions = { mailEventsSecret?: string; publicUrl: string };

function isSecretValid(given: string | string[] | undefined, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, options) => {
  const { notifications } = app.services;

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

  app.get(
    '/notifications.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          "The member's notification settings: e-mail and push per type, invisible mode, showing the profile in the site's ads, why mail is stopped",
        response: { 200: notificationSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: await notifications.getSettings(request.member!.user.id) }),
  );

  app.put(
    '/notifications.php',
    {
      preValidation: [app.requireMember],
      preHandler: [updateLimit],
      schema: {
        tags: TAGS,
        summary:
          'Change notification settings (any subset, saved at once), invisible mode and show_in_ads; resume_mail: true turns mail back on after a bounce or complaint',
        body: updateNotificationSettingsRequestSchema,
        response: { 200: notificationSettingsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ settings: await notifications.updateSettings(request.member!.user.id, request.body) }),
  );

  /** The small page of an unsubscribe link, in the member's language. */
  function page(
    request: { language: UiLanguage },
    result: { verdict: UnsubscribeVerdict; recipient?: Recipient },
    state: 'confirm' | 'done',
    token: string,
  ): string {
    const { recipient, verdict } = result;
    const language = recipient && isUiLanguage(recipient.language) ? recipient.language : request.language;
    const t = getTranslator(language);
    const site = recipient?.site;
    const siteName = site ? site.mailName || site.name : '';
    const settingsUrl = site ? `${siteBaseUrl(site, options.publicUrl)}/notifications` : '/notifications';
    let title: string;
    let body: string;
    if (!verdict.ok || !recipient) {
      title = t('notifications:unsubscribe.invalid_title');
      body = `<p>${escapeHtml(t('notifications:unsubscribe.invalid'))}</p>`;
    } else {
      const type = t(`notifications:types.${verdict.claim.type}`);
      if (state === 'done') {
        title = t('notifications:unsubscribe.done_title');
        body = `<p role="status">${escapeHtml(t('notifications:unsubscribe.done', { type }))}</p>`;
      } else {
        title = t('notifications:unsubscribe.title');
        body =
          `<p>${escapeHtml(t('notifications:unsubscribe.question', { type, site: siteName }))}</p>` +
          `<form method="post" action="/api/unsubscribe.php?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
          `<button type="submit">${escapeHtml(t('notifications:unsubscribe.button'))}</button></form>`;
      }
    }
    return `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#3b2a24;line-height:1.5}h1{font-size:1.4rem}button{font:inherit;padding:.75rem 1.25rem;border-radius:.5rem;border:0;background:#b03a2e;color:#fff;cursor:pointer}a{color:#b03a2e}</style></head>
<body><main><h1>${escapeHtml(siteName ? `${siteName}: ${title}` : title)}</h1>${body}
<p><a href="${escapeHtml(settingsUrl)}">${escapeHtml(t('notifications:unsubscribe.settings'))}</a></p></main></body></html>`;
  }

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
      return reply.code(result.verdict.ok ? 200 : 400).send(page(request, result, 'confirm', request.query.token));
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
      return reply.code(result.verdict.ok ? 200 : 400).send(page(request, result, 'done', request.query.token));
    },
  );

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
      if (!isSecretValid(request.headers[MAIL_EVENTS_SECRET_HEADER], options.mailEventsSecret))
        throw forbidden('forbidden');
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
