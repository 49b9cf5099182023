// GET /healthz: the process answers, is not draining, and the database is reachable (503 otherwise); with Redis
// configured, whether it answers and the bus is live (`degraded` when not: still 200, as every instance shares that Redis).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { apiErrorSchema, healthResponseSchema } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { isRedisReady } from '../../plugins/redis.plugin.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { site: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and Redis check',
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
      if (!app.redis) return { status: 'ok' as const, database: 'ok' as const };
      const isUp = isRedisReady(app.redis) && app.bus.isLive();
      return {
        status: isUp ? ('ok' as const) : ('degraded' as const),
        database: 'ok' as const,
        redis: isUp ? ('ok' as const) : ('unreachable' as const),
      };
    },
  );
};
