// Deleting the account: POST /api/delete-account.php (pending deletion, the reactivation link mailed, sessions end)
// and POST /api/reactivate.php (the link brings it back and logs in).
import {
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  reactivateRequestSchema,
  userResponseSchema,
} from '@app/contracts';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { type AccountRouteKit, type AccountsApp, errorResponses, TAGS } from './account-route-kit.ts';

export function deletionRoutes(app: AccountsApp, { member, logIn }: AccountRouteKit): void {
  const { accounts } = app.services;

  app.post(
    '/delete-account.php',
    {
      preValidation: [app.requireMember],
      // Each try checks a password: as few as a mail change allows.
      preHandler: [rateLimitHook(app, { name: 'delete-account', max: 5, timeWindow: '1 hour', key: memberRateKey })],
      schema: {
        tags: TAGS,
        summary: 'Delete the account (pending deletion; reactivation link mailed; sessions end)',
        body: deleteAccountRequestSchema,
        response: { 200: deleteAccountResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const until = await accounts.deleteAccount(member(request).user.id, request.site, request.body);
      request.member = null;
      app.clearSessionCookie(reply);
      return { success: true as const, reactivate_until: until.toISOString() };
    },
  );

  app.post(
    '/reactivate.php',
    {
      config: rateLimit({ max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: TAGS,
        summary: 'Reactivate a deleted account from the link (logs in)',
        body: reactivateRequestSchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await accounts.reactivate(request.body.token, request.site);
      return logIn(request, reply, user.id);
    },
  );
}
