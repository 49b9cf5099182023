// POST /api/complaints.php and /api/contact.php store a support ticket and confirm it by mail; GET /api/complaints.php
// lists the orders a member's complaint may be about.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  complaintOrdersResponseSchema,
  complaintRequestSchema,
  contactRequestSchema,
  ticketResponseSchema,
} from '@app/contracts';
import { isUiLanguage } from '@app/i18n';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import type { TicketAuthor } from './tickets.service.ts';

const TAGS = ['content'];
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/** Per address: a household or office behind one address may write a few; a script may not fill the inbox. */
export const TICKETS_IP_LIMIT = { max: 10, timeWindow: '1 hour' } as const;
/** Per writer (the member, or the visitor's e-mail address), over both forms: the confirmations go to that address. */
export const TICKETS_SENDER_LIMIT = { max: 5, timeWindow: '1 hour' } as const;

function authorOf(request: FastifyRequest, body: { email?: string; name?: string }): TicketAuthor {
  const member = request.member;
  if (member) {
    const language = isUiLanguage(member.user.language) ? member.user.language : request.language;
    return {
      kind: 'member',
      userId: member.user.id,
      email: member.user.email,
      isEmailConfirmed: member.user.status !== 'not_confirmed',
      name: member.view.profile.name,
      language,
    };
  }
  return { kind: 'visitor', email: body.email, name: body.name, language: request.language };
}

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tickets } = app.services;
  const senderLimit = rateLimitHook(app, {
    ...TICKETS_SENDER_LIMIT,
    name: 'tickets-sender',
    key: (request) => {
      const body = request.body as { email?: string } | undefined;
      return request.member ? `user:${request.member.user.id}` : `email:${body?.email ?? ''}`;
    },
  });

  app.get(
    '/complaints.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: "The member's newest orders, which a complaint may name",
        response: { 200: complaintOrdersResponseSchema, ...errors },
      },
    },
    async (request) => ({ orders: await tickets.listComplaintOrders(request.site, request.member!.user.id) }),
  );

  app.post(
    '/complaints.php',
    {
      config: rateLimit(TICKETS_IP_LIMIT),
      preValidation: [app.optionalMember],
      preHandler: [senderLimit],
      schema: {
        tags: TAGS,
        summary:
          'File a complaint (a member may name one of their orders; a visitor gives an e-mail address); confirmed by mail',
        body: complaintRequestSchema,
        response: { 200: ticketResponseSchema, ...errors },
      },
    },
    async (request) => ({
      ticket: await tickets.create(request.site, authorOf(request, request.body), {
        kind: 'complaint',
        subject: request.body.subject,
        body: request.body.description,
        orderId: request.body.order ?? null,
      }),
    }),
  );

  app.post(
    '/contact.php',
    {
      config: rateLimit(TICKETS_IP_LIMIT),
      preValidation: [app.optionalMember],
      preHandler: [senderLimit],
      schema: {
        tags: TAGS,
        summary: 'Write to customer service (a visitor gives an e-mail address); confirmed by mail',
        body: contactRequestSchema,
        response: { 200: ticketResponseSchema, ...errors },
      },
    },
    async (request) => ({
      ticket: await tickets.create(request.site, authorOf(request, request.body), {
        kind: 'contact',
        subject: request.body.subject,
        body: request.body.description,
      }),
    }),
  );
};
