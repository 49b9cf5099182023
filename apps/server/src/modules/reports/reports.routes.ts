// POST /api/report.php: report a member, a photo or a message (docs/reports.md). Answers only to the reporter.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportRequestSchema, reportResponseSchema } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { errorResponses } from '../member-core/index.ts';

/** At most this many reports per member per hour (a real member rarely sends more than a few). */
export const REPORTS_PER_HOUR = 20;

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports, viewers } = app.services;
  const limit = rateLimitHook(app, { name: 'report', max: REPORTS_PER_HOUR, timeWindow: '1 hour', key: memberRateKey });

  app.post(
    '/report.php',
    {
      preValidation: [app.requireMember],
      // Reports go to the staff queue: only from confirmed accounts (docs/unconfirmed-members.md); blocking stays open.
      preHandler: [app.requireConfirmedMember, limit],
      schema: {
        tags: ['members'],
        summary:
          'Report a member, one of their photos or one of their messages, optionally blocking them; never shown to the reported member',
        body: reportRequestSchema,
        response: { 200: reportResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      if (request.body.profile === viewer.profileId) throw new AppError(400, 'cannot_report_self');
      const target = await viewers.openable(request, request.body.profile);
      const { blocked } = await reports.report(viewer, target.id, request.body);
      return { success: true as const, blocked };
    },
  );
};
