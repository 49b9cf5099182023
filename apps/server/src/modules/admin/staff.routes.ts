// The console's own routes: staff login (password and authenticator code in one step), logout, who is signed in,
// and the dashboard.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDashboardQuerySchema,
  adminDashboardResponseSchema,
  adminEmptyBodySchema,
  adminSuccessSchema,
  staffLoginRequestSchema,
  staffResponseSchema,
} from '@app/contracts';
import { bodyEmailKey } from '../../lib/email-rate-key.ts';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { TAGS, errors, staffArea, staffOf } from './admin-http.ts';

/** Staff login attempts: per address, and per e-mail address tried (whatever the address). */
export const STAFF_LOGIN_LIMITS = {
  perIp: { max: 10, timeWindow: '15 minutes' },
  perEmail: { max: 5, timeWindow: '15 minutes' },
} as const;

export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  const { admin } = app.services;
  const loginPerEmail = rateLimitHook(app, {
    name: 'staff-login-email',
    ...STAFF_LOGIN_LIMITS.perEmail,
    key: (request) => `staff-email:${bodyEmailKey(request)}`,
  });

  app.post(
    '/admin/login',
    {
      config: rateLimit(STAFF_LOGIN_LIMITS.perIp),
      preHandler: [loginPerEmail],
      schema: {
        tags: TAGS,
        summary: 'Staff login: e-mail, password and the authenticator code in one step',
        body: staffLoginRequestSchema,
        response: { 200: staffResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const account = await admin.login.login({ ...request.body, ip: request.ip }, (staffId) =>
        app.startStaffSession(request, reply, staffId),
      );
      return { staff: { id: account.id, email: account.email, name: account.name, role: account.role } };
    },
  );
  app.post(
    '/admin/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'End the staff session',
        body: adminEmptyBodySchema,
        response: { 200: adminSuccessSchema, ...errors },
      },
    },
    async (request, reply) => {
      await app.endStaffSession(request, reply);
      return { success: true as const };
    },
  );
  app.get(
    '/admin/me',
    {
      schema: { tags: TAGS, summary: 'The signed-in staff member', response: { 200: staffResponseSchema, ...errors } },
    },
    async (request) => ({ staff: staffOf(request) }),
  );

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: TAGS,
        summary: 'Per-day counts of the last 30 days',
        querystring: adminDashboardQuerySchema,
        response: { 200: adminDashboardResponseSchema, ...errors },
      },
    },
    async (request) => admin.dashboard.dashboard(request.query),
  );
};
