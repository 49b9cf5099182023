// The console's Risk queue (docs/safety.md, "Risk"): members by risk score with the evidence; clear, warn, refuse.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminEmptyBodySchema,
  adminIdParamsSchema,
  adminRiskDecisionResponseSchema,
  adminRiskListResponseSchema,
  adminRiskQuerySchema,
  adminSuccessSchema,
} from '@app/contracts';
import { actorOf, staffArea, staffRoute } from './admin-http.ts';

const params = adminIdParamsSchema;

export const adminRiskRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  const { risk } = app.services.admin;
  app.get(
    '/admin/risk',
    staffRoute(
      {
        summary: 'Members by risk score, highest first, each reason with its evidence',
        querystring: adminRiskQuerySchema,
      },
      adminRiskListResponseSchema,
    ),
    async (request) => risk.list(request.query),
  );
  app.post(
    '/admin/risk/:id/clear',
    staffRoute(
      {
        summary: "Clear a member's risk: the signals are forgiven and held sends go out in order, each charged once",
        params,
        body: adminEmptyBodySchema,
      },
      adminRiskDecisionResponseSchema,
    ),
    async (request) => risk.clear(actorOf(request), request.params.id),
  );
  app.post(
    '/admin/risk/:id/refuse',
    staffRoute(
      { summary: "Drop a member's held sends: nothing is sent or charged", params, body: adminEmptyBodySchema },
      adminRiskDecisionResponseSchema,
    ),
    async (request) => risk.refuse(actorOf(request), request.params.id),
  );
  app.post(
    '/admin/risk/:id/warn',
    staffRoute(
      { summary: 'Warn a member by mail, in their language', params, body: adminEmptyBodySchema },
      adminSuccessSchema,
    ),
    async (request) => risk.warn(actorOf(request), request.params.id),
  );
};
