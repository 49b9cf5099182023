// The reports queue of the console: list, a report with its content and history, dismiss or act (each audited).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminIdParamsSchema,
  adminReportActionRequestSchema,
  adminReportActionResponseSchema,
  adminReportDismissRequestSchema,
  adminReportResponseSchema,
  adminReportsQuerySchema,
  adminReportsResponseSchema,
} from '@app/contracts';
import { actorOf, staffArea, staffRoute } from './admin-http.ts';

export const adminReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  const { admin } = app.services;
  const params = adminIdParamsSchema;

  app.get(
    '/admin/reports',
    staffRoute({ summary: 'The reports queue', querystring: adminReportsQuerySchema }, adminReportsResponseSchema),
    async (request) => admin.reports.listReports(request.query),
  );
  app.get(
    '/admin/reports/:id',
    staffRoute(
      { summary: 'A report with the reported content and the history between the two', params },
      adminReportResponseSchema,
    ),
    async (request) => ({ report: await admin.reports.reportDetail(request.params.id) }),
  );
  app.post(
    '/admin/reports/:id/dismiss',
    staffRoute(
      { summary: 'Dismiss a report', params, body: adminReportDismissRequestSchema },
      adminReportActionResponseSchema,
    ),
    async (request) =>
      admin.reports.handleReport(actorOf(request), request.params.id, {
        status: 'dismissed',
        resolution: request.body.resolution,
      }),
  );
  app.post(
    '/admin/reports/:id/action',
    staffRoute(
      { summary: 'Act on a report (optionally ban, reject the photo)', params, body: adminReportActionRequestSchema },
      adminReportActionResponseSchema,
    ),
    async (request) =>
      admin.reports.handleReport(actorOf(request), request.params.id, {
        status: 'actioned',
        resolution: request.body.resolution,
        ban: request.body.ban,
        rejectPhoto: request.body.reject_photo,
      }),
  );
};
