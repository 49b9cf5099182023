// A new e-mail address: POST /api/mail-change.php (mails a link to it, password checked) and POST
// /api/mail-change-do.php (the link confirms it).
import {
  mailChangeDoRequestSchema,
  mailChangeDoResponseSchema,
  mailChangeRequestSchema,
  successResponseSchema,
} from '@app/contracts';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { type AccountRouteKit, type AccountsApp, errorResponses, TAGS } from './account-route-kit.ts';

export function mailChangeRoutes(app: AccountsApp, { member }: AccountRouteKit): void {
  const { accounts } = app.services;

  app.post(
    '/mail-change.php',
    {
      preValidation: [app.requireMember],
      preHandler: [rateLimitHook(app, { name: 'mail-change', max: 5, timeWindow: '1 hour', key: memberRateKey })],
      schema: {
        tags: TAGS,
        summary: 'Mail a confirmation link to a new e-mail address',
        body: mailChangeRequestSchema,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.requestMailChange(
        member(request).user.id,
        request.site,
        request.body.email,
        request.body.password,
      );
      return { success: true as const };
    },
  );

  app.post(
    '/mail-change-do.php',
    {
      config: rateLimit({ max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: TAGS,
        summary: 'Confirm the new e-mail address from the link',
        body: mailChangeDoRequestSchema,
        response: { 200: mailChangeDoResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      email: await accounts.confirmMailChange(request.body.token, request.site),
    }),
  );
}
