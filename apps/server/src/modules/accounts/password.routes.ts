// Passwords: POST /api/reset-password.php (mails the link, limited per account), GET and POST
// /api/reset-password-do.php (checks the link; sets the new password and logs in), POST /api/password.php (changes it;
// the member's other sessions end).
import {
  changePasswordRequestSchema,
  resetPasswordDoRequestSchema,
  resetPasswordRequestSchema,
  successResponseSchema,
  tokenQuerySchema,
  userResponseSchema,
} from '@app/contracts';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { type AccountRouteKit, type AccountsApp, bodyEmailKey, errorResponses, TAGS } from './account-route-kit.ts';

export function passwordRoutes(app: AccountsApp, { member, logIn }: AccountRouteKit): void {
  const { accounts } = app.services;
  const resetPerAccount = rateLimitHook(app, { name: 'reset-email', max: 5, timeWindow: '1 hour', key: bodyEmailKey });

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
}
