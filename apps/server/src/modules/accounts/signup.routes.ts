// Signing up: POST /api/signup.php (step 0: the account, logged in, limited per address and per account), PUT
// /api/signup.php (steps 1-4) and GET /api/email-suggestion.php ("Did you mean ...?").
import {
  emailSuggestionQuerySchema,
  emailSuggestionResponseSchema,
  signupAccountRequestSchema,
  signupStepRequestSchema,
  userResponseSchema,
} from '@app/contracts';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { type AccountRouteKit, type AccountsApp, bodyEmailKey, errorResponses, TAGS } from './account-route-kit.ts';

export function signupRoutes(app: AccountsApp, { member, sendFreshUser, logIn }: AccountRouteKit): void {
  const { accounts } = app.services;
  const signupPerAccount = rateLimitHook(app, {
    name: 'signup-email',
    max: 5,
    timeWindow: '1 hour',
    key: bodyEmailKey,
  });

  app.post(
    '/signup.php',
    {
      config: rateLimit({ max: 10, timeWindow: '1 hour' }),
      preHandler: [signupPerAccount],
      schema: {
        tags: TAGS,
        summary: 'Signup step 0: create the account (logs in, mails the activation link)',
        body: signupAccountRequestSchema,
        response: { 201: userResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const visitor = app.services.traffic.visitorOf(request);
      // The visitor's first touch is written before the signup is attributed to it (visits wait for their batch).
      if (visitor) await app.services.traffic.flushVisits();
      const user = await accounts.signup(request.body, {
        site: request.site,
        language: request.language,
        visitorId: visitor?.visitorId ?? null,
      });
      reply.status(201);
      return logIn(request, reply, user.id);
    },
  );

  app.put(
    '/signup.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'Signup steps 1-4',
        body: signupStepRequestSchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = member(request);
      await accounts.completeSignupStep(user.id, request.site, request.body);
      return sendFreshUser(request);
    },
  );

  app.get(
    '/email-suggestion.php',
    {
      config: rateLimit({ max: 60, timeWindow: '1 minute' }),
      schema: {
        tags: TAGS,
        summary: '"Did you mean ...?" for a mistyped e-mail domain',
        querystring: emailSuggestionQuerySchema,
        response: { 200: emailSuggestionResponseSchema },
      },
    },
    async (request) => ({ suggestion: accounts.suggestEmail(request.query.email) }),
  );
}
