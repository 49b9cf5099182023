// Account endpoints: user.php (login, current user, language, push), logout, signup steps, activation, reset, password, e-mail change, deletion.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateRequestSchema,
  apiErrorSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  emailSuggestionQuerySchema,
  emailSuggestionResponseSchema,
  loginRequestSchema,
  mailChangeDoRequestSchema,
  mailChangeDoResponseSchema,
  mailChangeRequestSchema,
  pushSubscriptionRequestSchema,
  reactivateRequestSchema,
  resetPasswordDoRequestSchema,
  resetPasswordRequestSchema,
  signupAccountRequestSchema,
  signupStepRequestSchema,
  successResponseSchema,
  tokenQuerySchema,
  updateLanguageRequestSchema,
  userResponseSchema,
  type User,
} from '@app/contracts';
import { isUiLanguage } from '@app/i18n';
import type { SiteRow } from '../../db/schema/index.ts';
import { deepFreeze } from '../../lib/frozen-answers.ts';
import { AppError, forbidden } from '../../lib/http-errors.ts';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey, type MemberView } from '../../plugins/session/index.ts';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from './accounts.service.ts';
import { parseBody } from './validation.ts';

/** Rate-limit key for an e-mail address: hashed, so the counter store holds no addresses. */
const emailKey = (email: unknown) =>
  createHash('sha256')
    .update(
      String(email ?? '')
        .trim()
        .toLowerCase(),
    )
    .digest('hex')
    .slice(0, 32);
const bodyEmailKey = (request: FastifyRequest) => emailKey((request.body as { email?: unknown } | undefined)?.email);

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const TAGS = ['accounts'];

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts } = app.services;

  const member = (request: FastifyRequest) => {
    if (!request.member) throw new AppError(403, 'authentication_required');
    return request.member;
  };
  /**
   * The `{ user }` answer from the request's member view, built and frozen once per view and site: the view is the
   * cached one (a change makes a new view), so a poll reuses the answer and its JSON (lib/frozen-answers.ts).
   */
  const answers = new WeakMap<MemberView, { site: SiteRow; answer: { user: User } }>();
  const sendUser = (request: FastifyRequest) => {
    const { view } = member(request);
    const known = answers.get(view);
    if (known?.site === request.site) return known.answer;
    const answer = deepFreeze({ user: accounts.toUserPayload(view, request.site) });
    answers.set(view, { site: request.site, answer });
    return answer;
  };
  const sendFreshUser = async (request: FastifyRequest) => ({
    user: accounts.toUserPayload((await app.refreshMember(request)).view, request.site),
  });
  const logIn = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    await app.startSession(request, reply, userId);
    await app.markActive(userId);
    return sendUser(request);
  };

  // Per account (e-mail) limits on top of the per-IP ones in each route's config.
  const loginPerAccount = rateLimitHook(app, {
    name: 'login-email',
    max: 20,
    timeWindow: '15 minutes',
    key: bodyEmailKey,
  });
  const signupPerAccount = rateLimitHook(app, {
    name: 'signup-email',
    max: 5,
    timeWindow: '1 hour',
    key: bodyEmailKey,
  });
  const resetPerAccount = rateLimitHook(app, { name: 'reset-email', max: 5, timeWindow: '1 hour', key: bodyEmailKey });
  // Failed logins for addresses without an account, counted like an account's: the fifth within the window "locks".
  const unknownEmailLogins = app.createRateLimit({
    max: LOGIN_MAX_FAILURES - 1,
    timeWindow: LOGIN_LOCK_MS,
    keyGenerator: (request: FastifyRequest) => `login-unknown:${bodyEmailKey(request)}`,
  });

  app.get(
    '/user.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'The logged-in member',
        response: { 200: userResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => sendUser(request),
  );

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

  app.put(
    '/user.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'Save the chosen interface language',
        body: updateLanguageRequestSchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { language } = request.body;
      if (!isUiLanguage(language))
        throw new AppError(400, 'validation_failed', undefined, [{ path: 'language', code: 'invalid_value' }]);
      const { user } = member(request);
      await accounts.updateLanguage(user.id, language);
      return sendFreshUser(request);
    },
  );

  app.get(
    '/logout.php',
    {
      // SPEC section 7 makes logout a GET, which the CSRF guard lets through: it asks for the client header itself,
      // so a link or redirect from another site (SameSite=Lax sends the cookie along) cannot end a member's session.
      onRequest: async (request) => {
        if (request.headers['request-type'] !== 'client') throw forbidden('csrf_rejected');
      },
      schema: {
        tags: TAGS,
        summary: 'End the session (needs the Request-Type: client header)',
        response: { 200: successResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await app.endSession(request, reply);
      return { success: true as const };
    },
  );

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

  app.post(
    '/reset-password.php',
    {
      config: rateLimit({ max: 10, timeWindow: '1 hour' }),
      preHandler: [resetPerAccount],
      schema: {
        tags: TAGS,
        summary: 'Mail a password reset link',
        body: resetPasswordRequestSchema,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.site, request.body.email);
      return { success: true as const };
    },
  );

  app.get(
    '/reset-password-do.php',
    {
      config: rateLimit({ max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: TAGS,
        summary: 'Check a password reset link',
        querystring: tokenQuerySchema,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await accounts.checkResetToken(request.query.token, request.site);
      return { success: true as const };
    },
  );

  app.post(
    '/reset-password-do.php',
    {
      config: rateLimit({ max: 30, timeWindow: '1 hour' }),
      schema: {
        tags: TAGS,
        summary: 'Set a new password from the reset link (ends every session, logs in)',
        body: resetPasswordDoRequestSchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await accounts.resetPassword(request.body.token, request.body.password, request.site);
      return logIn(request, reply, user.id);
    },
  );

  app.post(
    '/password.php',
    {
      preValidation: [app.requireMember],
      preHandler: [
        rateLimitHook(app, { name: 'password-change', max: 10, timeWindow: '15 minutes', key: memberRateKey }),
      ],
      schema: {
        tags: TAGS,
        summary: 'Change the password (other sessions end)',
        body: changePasswordRequestSchema,
        response: { 200: successResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, sessionId } = member(request);
      await accounts.changePassword(user.id, sessionId, request.body.old_password, request.body.password);
      return { success: true as const };
    },
  );

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
};
