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
import { TAGS, actorOf, errors, staffArea } from './admin-http.ts';

export const adminReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  const { admin } = app.services;

  app.get(
    '/admin/reports',
    {
      schema: {
        tags: TAGS,
        summary: 'The reports queue',
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportsResponseSchema, ...errors },
      },
    },
    async (request) => admin.reports.listReports(request.query),
  );
  app.get(
    '/admin/reports/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A report with the reported content and the history between the two',
        params: adminIdParamsSchema,
        response: { 200: adminReportResponseSchema, ...errors },
      },
    },
    async (request) => ({ report: await admin.reports.reportDetail(request.params.id) }),
  );
  app.post(
    '/admin/reports/:id/dismiss',
    {
      schema: {
        tags: TAGS,
        summary: 'Dismiss a report',
        params: adminIdParamsSchema,
        body: adminReportDismissRequestSchema,
        response: { 200: adminReportActionResponseSchema, ...errors },
      },
    },
    async (request) =>
      admin.reports.handleReport(actorOf(request), request.params.id, {
        status: 'dismissed',
        resolution: request.body.resolution,
      }),
  );
  app.post(
    '/admin/reports/:id/action',
    {
      schema: {
        tags: TAGS,
        summary: 'Act on a report (optionally ban, reject the photo)',
        params: adminIdParamsSchema,
        body: adminReportActionRequestSchema,
        response: { 200: adminReportActionResponseSchema, ...errors },
      },
    },
    async (request) =>
      admin.reports.handleReport(actorOf(request), request.params.id, {
        status: 'actioned',
        resolution: request.body.resolution,
        ban: request.body.ban,
        rejectPhoto: request.body.reject_photo,
      }),
  );
};
