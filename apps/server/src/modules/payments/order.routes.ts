// The member's orders and the provider's call: GET /api/order.php (the status page polls it), GET /api/orders.php,
// POST /api/refund.php, and POST /api/payment-webhook.php (only the payment id is trusted).
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  orderQuerySchema,
  orderResponseSchema,
  ordersResponseSchema,
  refundRequestSchema,
  refundResponseSchema,
} from '@app/contracts';
import { errorResponses } from '../member-core/index.ts';
import { PAYMENTS_TAGS as TAGS } from './payer.ts';

const webhookBodySchema = z.object({ id: z.string().min(1).max(100) });

export const orderRoutes: FastifyPluginAsyncZod<{ orderLimit: preHandlerAsyncHookHandler }> = async (
  app,
  { orderLimit },
) => {
  const { payments } = app.services;

  app.get(
    '/order.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: "One of the member's orders (the payment status page polls it)",
        querystring: orderQuerySchema,
        response: { 200: orderResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ order: await payments.getOrder(request.site, request.member!.user.id, request.query.id) }),
  );

  app.get(
    '/orders.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: "The member's orders, newest first",
        response: { 200: ordersResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ orders: await payments.listOrders(request.site, request.member!.user.id) }),
  );

  app.post(
    '/refund.php',
    {
      preValidation: [app.requireMember],
      preHandler: [orderLimit],
      schema: {
        tags: TAGS,
        summary:
          "Refund the unused credits of one of the member's orders within refund_days (last in, first out); the member stays premium",
        body: refundRequestSchema,
        response: { 200: refundResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ order: await payments.refund(request.site, request.member!.user.id, request.body.order) }),
  );

  app.post(
    '/payment-webhook.php',
    {
      // Called by the provider, not by a browser: no client header, and nothing in it is trusted but the id.
      config: { csrf: false },
      schema: {
        tags: TAGS,
        summary: "The payment provider's webhook: only the payment id; answers 200 to unknown ids",
        body: webhookBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await payments.handleWebhook(request.body.id);
      return { ok: true as const };
    },
  );
};
