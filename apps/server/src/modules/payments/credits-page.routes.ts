// The credits page: GET /api/credits.php (bundles in the payment country's currency, the discount that applies, the
// methods), GET /api/pricing.php (list prices, visitors too) and GET /api/discountcode.php (checks a code).
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditsQuerySchema,
  creditsResponseSchema,
  discountCodeQuerySchema,
  discountCodeResponseSchema,
  pricingQuerySchema,
  pricingResponseSchema,
} from '@app/contracts';
import { lookupCountry } from '../../lib/geoip.ts';
import { errorResponses } from '../member-core/index.ts';
import { payerOf, PAYMENTS_TAGS as TAGS } from './payer.ts';

export const creditsPageRoutes: FastifyPluginAsyncZod<{
  codeLimit: preHandlerAsyncHookHandler;
  pricingLimit: preHandlerAsyncHookHandler;
}> = async (app, { codeLimit, pricingLimit }) => {
  const { payments } = app.services;

  app.get(
    '/credits.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary:
          "The credits page: bundles in the payment country's currency, the one discount that applies, the methods with their costs, the last order",
        querystring: creditsQuerySchema,
        response: { 200: creditsResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      payments.creditsPage(request.site, payerOf(request), {
        country: request.query.country,
        code: request.query.code,
        geoCountry: await lookupCountry(request.ip),
      }),
  );

  app.get(
    '/pricing.php',
    {
      preHandler: [pricingLimit],
      schema: {
        tags: TAGS,
        summary: "The credit bundles for the visitor's country at their list prices (the pricing page, visitors too)",
        querystring: pricingQuerySchema,
        response: { 200: pricingResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      payments.pricing(request.site, { country: request.query.country, geoCountry: await lookupCountry(request.ip) }),
  );

  app.get(
    '/discountcode.php',
    {
      preValidation: [app.requireMember],
      preHandler: [codeLimit],
      schema: {
        tags: TAGS,
        summary:
          '?code= checks a discount code ("Code not found", "Code already used"); ?welcome=true answers the welcome code (the 4-hour time bonus first) or null',
        querystring: discountCodeQuerySchema,
        response: { 200: discountCodeResponseSchema, 410: errorResponses[404], ...errorResponses },
      },
    },
    async (request) => ({ discountcode: await payments.checkCode(request.site, payerOf(request), request.query) }),
  );
};
