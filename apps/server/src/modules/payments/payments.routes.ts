// Payment endpoints (docs/payments.md), one file per area: the credits page (credits-page.routes.ts), buying
// (checkout.routes.ts), direct debit (direct-debit.routes.ts), the member's orders, refunds and the provider's webhook
// (order.routes.ts), and the sandbox provider's pages in test mode (sandbox.routes.ts). The limits are made here:
// buying and refunding share one.
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { checkoutRoutes } from './checkout.routes.ts';
import { creditsPageRoutes } from './credits-page.routes.ts';
import { directDebitRoutes } from './direct-debit.routes.ts';
import { orderRoutes } from './order.routes.ts';
import type { SandboxProvider } from './providers/sandbox-provider.ts';
import { sandboxRoutes } from './sandbox.routes.ts';

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
  await app.register(creditsPageRoutes, { codeLimit, pricingLimit });
  await app.register(checkoutRoutes, { orderLimit });
  await app.register(directDebitRoutes, { directDebitLimit });
  await app.register(orderRoutes, { orderLimit });
  if (payments.provider.name === 'sandbox')
    await app.register(sandboxRoutes, { sandbox: payments.provider as SandboxProvider });
};
