// The audit log in the console, newest first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditQuerySchema, adminAuditResponseSchema } from '@app/contracts';
import { TAGS, errors, staffArea } from './admin-http.ts';

export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  const { admin } = app.services;

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: TAGS,
        summary: 'The audit log, newest first',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditResponseSchema, ...errors },
      },
    },
    async (request) => admin.auditLog.list(request.query),
  );
};
