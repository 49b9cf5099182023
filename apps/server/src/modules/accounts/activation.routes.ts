// Activation: POST /api/activate.php (the mailed link; logs in) and POST /api/activation-mail.php (the mail again).
import { z } from 'zod';
import { activateRequestSchema, successResponseSchema, userResponseSchema } from '@app/contracts';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { type AccountRouteKit, type AccountsApp, errorResponses, TAGS } from './account-route-kit.ts';

export function activationRoutes(app: AccountsApp, { member, logIn }: AccountRouteKit): void {
  const { accounts } = app.services;

  app.post(
    '/activate.php',
    {
      config: rateLimit({ max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: TAGS,
        summary: 'Activate the account from the e-mailed link (logs in)',
        body: activateRequestSchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await accounts.activate(request.body.token, request.site);
      return logIn(request, reply, user.id);
    },
  );

  app.post(
    '/activation-mail.php',
    {
      preValidation: [app.requireMember],
      preHandler: [rateLimitHook(app, { name: 'activation-mail', max: 3, timeWindow: '1 hour', key: memberRateKey })],
      schema: {
        tags: TAGS,
        summary: 'Send the activation mail again',
        body: z.object({}).nullish(),
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.resendActivation(member(request).user.id, request.site);
      return { success: true as const };
    },
  );
}
