// The sandbox provider's pages in test mode (no real provider): its hosted checkout, where a tester chooses what the
// payment does, and its chargeback. Left out of the API document: they stand for the provider's own pages.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toMajorUnits } from '@app/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/http-errors.ts';
import { errorResponses } from '../member-core/index.ts';
import { PAYMENTS_TAGS as TAGS } from './payer.ts';
import { SANDBOX_OUTCOMES, type SandboxProvider } from './providers/sandbox-provider.ts';

const htmlSchema = z.string().meta({ description: 'text/html' });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const sandboxRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxProvider }> = async (app, { sandbox }) => {
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
};
