// Logging in: POST /api/user.php ({ email, password }, limited per address and per account, failures of unknown
// addresses counted like an account's), and with ?push=1 saving the logged-in member's push subscription.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRequestSchema, pushSubscriptionRequestSchema, userResponseSchema } from '@app/contracts';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { type AccountRouteKit, type AccountsApp, bodyEmailKey, errorResponses, TAGS } from './account-route-kit.ts';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from './accounts.service.ts';
import { parseBody } from './validation.ts';

export function loginRoutes(app: AccountsApp, { member, sendFreshUser, logIn }: AccountRouteKit): void {
  const { accounts } = app.services;
  // Per account (e-mail) limits on top of the per-IP one in the route's config.
  const loginPerAccount = rateLimitHook(app, {
    name: 'login-email',
    max: 20,
    timeWindow: '15 minutes',
    key: bodyEmailKey,
  });
  // Failed logins for addresses without an account, counted like an account's: the fifth within the window "locks".
  const unknownEmailLogins = app.createRateLimit({
    max: LOGIN_MAX_FAILURES - 1,
    timeWindow: LOGIN_LOCK_MS,
    keyGenerator: (request: FastifyRequest) => `login-unknown:${bodyEmailKey(request)}`,
  });

  app.post(
    '/user.php',
    {
      config: rateLimit({ max: 20, timeWindow: '1 minute' }),
      preHandler: [
        app.optionalMember,
        async (request: FastifyRequest, reply: FastifyReply) => {
          if (!(request.query as { push?: string }).push) await loginPerAccount.call(app, request, reply);
        },
      ],
      schema: {
        tags: TAGS,
        summary:
          'Log in ({ email, password }); with ?push=1 save the push subscription ({ subscription }) of the logged-in member',
        querystring: z.object({ push: z.string().optional() }),
        body: z.union([loginRequestSchema, pushSubscriptionRequestSchema]).optional(),
        response: { 200: userResponseSchema, ...errorResponses },
      },
      // The body is checked in the handler: which schema applies depends on ?push.
      validatorCompiler: (route) =>
        route.httpPart === 'body'
          ? (data: unknown) => ({ value: data })
          : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]),
    },
    async (request, reply) => {
      if (request.query.push) {
        const { subscription, endpoint } = parseBody(pushSubscriptionRequestSchema, request.body);
        const { user } = member(request);
        await accounts.savePushSubscription(user.id, subscription, endpoint);
        return sendFreshUser(request);
      }
      const { email, password } = parseBody(loginRequestSchema, request.body);
      const user = await accounts.login(request.site, email, password, {
        recordUnknownEmailFailure: async () => {
          const count = await unknownEmailLogins(request);
          return !count.isAllowed && count.isExceeded ? count.ttl : 0;
        },
      });
      return logIn(request, reply, user.id);
    },
  );
}
