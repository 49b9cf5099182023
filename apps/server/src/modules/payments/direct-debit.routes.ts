// Direct debit (docs/payments.md): POST /api/directdebit.php starts it and texts a code, /api/directdebit-resend.php
// texts a new one after the cooldown, /api/directdebit-verify.php confirms it with the code.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  directDebitRequestSchema,
  directDebitResendSchema,
  directDebitResponseSchema,
  directDebitVerifySchema,
  orderResponseSchema,
} from '@app/contracts';
import { lookupCountry } from '../../lib/geoip.ts';
import { errorResponses } from '../member-core/index.ts';
import { payerOf, PAYMENTS_TAGS as TAGS } from './payer.ts';

export const directDebitRoutes: FastifyPluginAsyncZod<{ directDebitLimit: preHandlerAsyncHookHandler }> = async (
  app,
  { directDebitLimit },
) => {
  const { payments } = app.services;

  app.post(
    '/directdebit.php',
    {
      preValidation: [app.requireMember],
      preHandler: [directDebitLimit],
      schema: {
        tags: TAGS,
        summary:
          'Start a direct-debit purchase: checks the IBAN, the blocks and limits, and texts the member a code (nothing is charged yet)',
        body: directDebitRequestSchema,
        response: { 200: directDebitResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      direct_debit: await payments.startDirectDebit(request.site, payerOf(request), {
        ...request.body,
        geoCountry: await lookupCountry(request.ip),
      }),
    }),
  );

  app.post(
    '/directdebit-resend.php',
    {
      preValidation: [app.requireMember],
      preHandler: [directDebitLimit],
      schema: {
        tags: TAGS,
        summary: 'Text a new code (after the cooldown)',
        body: directDebitResendSchema,
        response: { 200: directDebitResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      direct_debit: await payments.resendDirectDebitCode(request.site, payerOf(request), request.body.id),
    }),
  );

  app.post(
    '/directdebit-verify.php',
    {
      preValidation: [app.requireMember],
      preHandler: [directDebitLimit],
      schema: {
        tags: TAGS,
        summary: 'Confirm the direct debit with the texted code; the order is pending until the bank settles it',
        body: directDebitVerifySchema,
        response: { 200: orderResponseSchema, 410: errorResponses[404], ...errorResponses },
      },
    },
    async (request) => ({
      order: await payments.verifyDirectDebit(request.site, payerOf(request), {
        ...request.body,
        origin: `${request.protocol}://${request.host}`,
      }),
    }),
  );
};
