// The account's life after signup: POST /api/activate.php and /api/activation-mail.php (activation), POST
// /api/mail-change.php and /api/mail-change-do.php (a new address), POST /api/delete-account.php and
// /api/reactivate.php (deletion and the way back).
import { z } from 'zod';
import {
  activateRequestSchema,
  deleteAccountRequestSchema,
  deleteAccountResponseSchema,
  mailChangeDoRequestSchema,
  mailChangeDoResponseSchema,
  mailChangeRequestSchema,
  reactivateRequestSchema,
  successResponseSchema,
  userResponseSchema,
} from '@app/contracts';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { type AccountRouteKit, type AccountsApp, errorResponses, TAGS } from './account-route-kit.ts';

export function accountLifecycleRoutes(app: AccountsApp, { member, logIn }: AccountRouteKit): void {
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
}
