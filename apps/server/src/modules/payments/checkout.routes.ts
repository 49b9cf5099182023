// Buying a bundle: POST /api/order.php (the server prices it and answers the provider's checkout address) and
// POST /api/repeat-order.php (the last bundle again on the saved card). The client sends choices, never prices.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createOrderRequestSchema, createOrderResponseSchema, orderResponseSchema } from '@app/contracts';
import { lookupCountry } from '../../lib/geoip.ts';
import { errorResponses } from '../member-core/index.ts';
import { payerOf, PAYMENTS_TAGS as TAGS } from './payer.ts';

export const checkoutRoutes: FastifyPluginAsyncZod<{ orderLimit: preHandlerAsyncHookHandler }> = async (
  app,
  { orderLimit },
) => {
  const { payments } = app.services;

  app.post(
    '/order.php',
    {
      preValidation: [app.requireMember],
      preHandler: [orderLimit],
      schema: {
        tags: TAGS,
        summary:
          "Start buying a bundle: the server prices it (discount, transaction costs) and answers the provider's checkout URL",
        body: createOrderRequestSchema,
        response: { 200: createOrderResponseSchema, 410: errorResponses[404], ...errorResponses },
      },
    },
    async (request) => {
      const { bundle_id: bundleId, method, country, discount_code: discountCode } = request.body;
      const created = await payments.createOrder(request.site, payerOf(request), {
        bundleId,
        method,
        country,
        discountCode,
        geoCountry: await lookupCountry(request.ip),
        origin: `${request.protocol}://${request.host}`,
      });
      return { order: created.order, checkout_url: created.checkoutUrl };
    },
  );

  app.post(
    '/repeat-order.php',
    {
      preValidation: [app.requireMember],
      preHandler: [orderLimit],
      schema: {
        tags: TAGS,
        summary:
          'Buy the last bundle again on the saved card, without leaving the site; the order page follows its state',
        body: z.object({}).nullish(),
        response: { 200: orderResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      order: await payments.repeatOrder(request.site, payerOf(request), {
        origin: `${request.protocol}://${request.host}`,
        geoCountry: await lookupCountry(request.ip),
      }),
    }),
  );
};
