// Payments in the console: orders, refunds through the provider, failed webhooks.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminEmptyBodySchema,
  adminIdParamsSchema,
  adminOrderResponseSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminPageQuerySchema,
  adminWebhooksResponseSchema,
} from '@app/contracts';
import { TAGS, actorOf, errors, staffArea } from './admin-http.ts';

export const adminPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  const { admin } = app.services;

  app.get(
    '/admin/orders',
    {
      schema: {
        tags: TAGS,
        summary: 'Orders, newest first',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersResponseSchema, ...errors },
      },
    },
    async (request) => admin.orders.listOrders(request.query),
  );
  app.get(
    '/admin/orders/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'An order',
        params: adminIdParamsSchema,
        response: { 200: adminOrderResponseSchema, ...errors },
      },
    },
    async (request) => admin.orders.order(request.params.id),
  );
  app.post(
    '/admin/orders/:id/refund',
    {
      schema: {
        tags: TAGS,
        summary: "Refund an order's unused credits through the provider",
        params: adminIdParamsSchema,
        body: adminEmptyBodySchema,
        response: { 200: adminOrderResponseSchema, ...errors },
      },
    },
    async (request) => admin.orders.refund(actorOf(request), request.params.id),
  );
  app.get(
    '/admin/webhooks',
    {
      schema: {
        tags: TAGS,
        summary: 'Failed payment webhooks',
        querystring: adminPageQuerySchema,
        response: { 200: adminWebhooksResponseSchema, ...errors },
      },
    },
    async (request) => admin.orders.failedWebhooks(request.query),
  );
};
