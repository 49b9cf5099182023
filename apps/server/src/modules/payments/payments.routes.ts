// Payment endpoints: GET /api/credits.php, GET /api/discountcode.php, POST / GET /api/order.php, GET /api/orders.php,
// POST /api/payment-webhook.php (the provider's call), and the sandbox provider's hosted checkout page.
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  creditsQuerySchema,
  creditsResponseSchema,
  discountCodeQuerySchema,
  discountCodeResponseSchema,
  orderQuerySchema,
  orderResponseSchema,
  pricingQuerySchema,
  pricingResponseSchema,
  ordersResponseSchema,
  refundRequestSchema,
  directDebitRequestSchema,
  directDebitResendSchema,
  directDebitResponseSchema,
  directDebitVerifySchema,
  refundResponseSchema,
  toMajorUnits,
} from '@app/contracts';
import { z } from 'zod';
import { lookupCountry } from '../../lib/geoip.ts';
import { AppError } from '../../lib/http-errors.ts';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { errorResponses } from '../member-core/index.ts';
import { SANDBOX_OUTCOMES, type SandboxProvider } from './providers/sandbox-provider.ts';
import type { Payer } from './discounts.ts';

const TAGS = ['payments'];
const webhookBodySchema = z.object({ id: z.string().min(1).max(100) });
const htmlSchema = z.string().meta({ description: 'text/html' });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function payerOf(request: FastifyRequest): Payer {
  const user = request.member!.view.user;
  return { userId: user.id, isPremium: user.paidUser, signupAt: user.createdAt };
}

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.services;
  // Providers post their webhooks as a form (`id=tr_...`).
  await app.register(formbody, { bodyLimit: 4096 });
  const codeLimit = rateLimitHook(app, { name: 'discount-code', max: 20, timeWindow: '1 minute', key: memberRateKey });
  const pricingLimit = rateLimitHook(app, { name: 'pricing', max: 60, timeWindow: '1 minute' });
  const orderLimit = rateLimitHook(app, { name: 'order', max: 10, timeWindow: '1 minute', key: memberRateKey });
  const directDebitLimit = rateLimitHook(app, {
    name: 'direct-debit',
    max: 10,
    timeWindow: '10 minutes',
    key: memberRateKey,
  });

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

  if (payments.provider.name === 'sandbox') {
    const sandbox = payments.provider as SandboxProvider;
    app.get(
      '/sandbox-checkout.php',
      // The provider's page, not the site's API: left out of the API document.
      {
        schema: {
          hide: true,
          tags: TAGS,
          summary: "The sandbox provider's hosted checkout (test mode): choose what the payment does",
          querystring: z.object({ id: z.string().max(100) }),
          response: { 200: htmlSchema, 404: errorResponses[404] },
        },
      },
      async (request, reply) => {
        const payment = await sandbox.find(request.query.id);
        if (!payment) throw new AppError(404, 'order_not_found');
        const t = request.t;
        const amount = new Intl.NumberFormat(request.language, {
          style: 'currency',
          currency: payment.currency,
        }).format(toMajorUnits(payment.amountMinor, payment.currency));
        const buttons = SANDBOX_OUTCOMES.map(
          (outcome) =>
            `<button type="submit" name="outcome" value="${outcome}">${escapeHtml(t(`payments:sandbox.${outcome}`))}</button>`,
        ).join('');
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        return `<!doctype html><html lang="${escapeHtml(request.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t('payments:sandbox.title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#3b2a24}h1{font-size:1.4rem}.amount{font-size:2rem;font-weight:700}form{display:grid;gap:.5rem;margin-top:1.5rem}button{font:inherit;padding:.75rem;border-radius:.5rem;border:1px solid #c9b8b0;background:#fff;cursor:pointer}button[value=paid]{background:#2e7d32;color:#fff;border-color:#2e7d32}a{color:#b03a2e}</style></head>
<body><main><h1>${escapeHtml(t('payments:sandbox.title'))}</h1><p>${escapeHtml(t('payments:sandbox.explanation'))}</p>
<p>${escapeHtml(payment.description)}</p><p class="amount">${escapeHtml(amount)}</p><p>${escapeHtml(t('payments:sandbox.method', { method: payment.method }))}</p>
<form method="post" action="/api/sandbox-checkout.php"><input type="hidden" name="id" value="${escapeHtml(payment.id)}">${buttons}</form>
<p><a href="${escapeHtml(payment.redirectUrl)}">${escapeHtml(t('payments:sandbox.leave_open'))}</a></p></main></body></html>`;
      },
    );

    app.post(
      '/sandbox-checkout.php',
      {
        // A plain form on the provider's page; the payment id is the capability.
        config: { csrf: false },
        schema: {
          hide: true,
          tags: TAGS,
          summary: "The sandbox checkout's choice: moves the payment, calls the webhook, returns to the site",
          body: z.object({ id: z.string().max(100), outcome: z.enum(SANDBOX_OUTCOMES) }),
          response: { 302: z.null(), 404: errorResponses[404] },
        },
      },
      async (request, reply) => {
        const redirectUrl = await sandbox.complete(request.body.id, request.body.outcome);
        if (!redirectUrl) throw new AppError(404, 'order_not_found');
        return reply.redirect(redirectUrl, 302);
      },
    );

    app.post(
      '/sandbox-chargeback.php',
      {
        // As a provider's test dashboard: the payment id is the capability.
        config: { csrf: false },
        schema: {
          hide: true,
          tags: TAGS,
          summary: 'A tester charges a paid sandbox payment back: the provider reports it by webhook',
          body: z.object({ id: z.string().max(100) }),
          response: { 204: z.null(), 404: errorResponses[404] },
        },
      },
      async (request, reply) => {
        if (!(await sandbox.chargeBack(request.body.id))) throw new AppError(404, 'order_not_found');
        return reply.status(204).send(null);
      },
    );
  }
};
