// GET /healthz: the process answers, is not draining, and the database is reachable.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { apiErrorSchema, healthResponseSchema } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { site: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      // A draining instance (SIGTERM) still answers what it is sent, but asks the load balancer for nothing new.
      if (app.isDraining()) throw new AppError(503, 'service_unavailable');
      try {
        await app.db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, 'database unreachable');
        throw new AppError(503, 'service_unavailable');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
