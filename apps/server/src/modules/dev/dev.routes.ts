// Development-only endpoints (never registered when NODE_ENV=production): the mailbox of mails not sent without SMTP_URL,
// and the outbox of texts not sent without TWILIO_*.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailboxResponseSchema, devSmsResponseSchema } from '@app/contracts';
import { createMailRepository, extractLinks } from '../../plugins/mailer/index.ts';

const MAILBOX_LIMIT = 100;

export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailbox = createMailRepository(app.db);
  app.get(
    '/dev/sms',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development SMS outbox: the newest texts (only without TWILIO_*, never in production)',
        querystring: z.object({ to: z.string().optional() }),
        response: { 200: devSmsResponseSchema },
      },
    },
    async (request) => {
      const to = request.query.to?.replace(/[^+0-9]/g, '');
      const rows = await app.sms.listOutbox(MAILBOX_LIMIT);
      return {
        messages: rows
          .filter((row) => !to || row.to === to)
          .map((row) => ({ id: row.id, to: row.to, body: row.body, created_at: row.createdAt.toISOString() })),
      };
    },
  );
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Development mailbox: the newest mails (only without SMTP_URL, never in production)',
        querystring: z.object({ to: z.string().optional() }),
        response: { 200: devMailboxResponseSchema },
      },
    },
    async (request) => {
      const rows = await mailbox.listNewest(MAILBOX_LIMIT);
      const to = request.query.to?.trim().toLowerCase();
      return {
        mails: rows
          .filter((row) => !to || row.to.toLowerCase() === to)
          .map((row) => ({
            id: row.id,
            from: row.from,
            to: row.to,
            subject: row.subject,
            text: row.text,
            html: row.html,
            template: row.template,
            links: extractLinks(row.text),
            created_at: row.createdAt.toISOString(),
            headers: row.headers,
          })),
      };
    },
  );
};
