// Complaints and contact tickets in the console: list, read, reply by mail, close.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminEmptyBodySchema,
  adminIdParamsSchema,
  adminTicketReplyRequestSchema,
  adminTicketResponseSchema,
  adminTicketsQuerySchema,
  adminTicketsResponseSchema,
} from '@app/contracts';
import { TAGS, actorOf, errors, staffArea } from './admin-http.ts';

export const adminTicketsRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  const { admin } = app.services;

  app.get(
    '/admin/tickets',
    {
      schema: {
        tags: TAGS,
        summary: 'Complaints and contact tickets',
        querystring: adminTicketsQuerySchema,
        response: { 200: adminTicketsResponseSchema, ...errors },
      },
    },
    async (request) => admin.tickets.listTickets(request.query),
  );
  app.get(
    '/admin/tickets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A ticket and its replies',
        params: adminIdParamsSchema,
        response: { 200: adminTicketResponseSchema, ...errors },
      },
    },
    async (request) => admin.tickets.ticket(request.params.id),
  );
  app.post(
    '/admin/tickets/:id/reply',
    {
      schema: {
        tags: TAGS,
        summary: 'Reply by mail (stored)',
        params: adminIdParamsSchema,
        body: adminTicketReplyRequestSchema,
        response: { 200: adminTicketResponseSchema, ...errors },
      },
    },
    async (request) => admin.tickets.replyTicket(actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin/tickets/:id/close',
    {
      schema: {
        tags: TAGS,
        summary: 'Close a ticket',
        params: adminIdParamsSchema,
        body: adminEmptyBodySchema,
        response: { 200: adminTicketResponseSchema, ...errors },
      },
    },
    async (request) => admin.tickets.closeTicket(actorOf(request), request.params.id),
  );
};
