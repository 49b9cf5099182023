// The console's paid-traffic routes (docs/traffic.md): networks, the postback delivery log and resend, the report
// (JSON or CSV) and lander experiments. Who may call each is ADMIN_ROUTE_ROLES; every change is audited.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminEmptyBodySchema,
  adminExperimentInputSchema,
  adminExperimentParamsSchema,
  adminExperimentResponseSchema,
  adminExperimentsQuerySchema,
  adminExperimentsResponseSchema,
  adminIdParamsSchema,
  adminNetworkInputSchema,
  adminNetworkResponseSchema,
  adminNetworksResponseSchema,
  adminPostbackResponseSchema,
  adminPostbacksQuerySchema,
  adminPostbacksResponseSchema,
  adminSuccessSchema,
  adminTrafficReportQuerySchema,
  adminTrafficReportResponseSchema,
  apiErrorSchema,
} from '@app/contracts';
import { reportCsv, toAdminNetwork } from '../traffic/index.ts';
import { actorOf, type AdminApp, staffArea, TAGS } from './admin-http.ts';
import { recordAudit } from './audit.repository.ts';

/** The answers of the traffic routes (no rate limit here, so no 429). */
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const adminTrafficRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  networkRoutes(app);
  networkChangeRoutes(app);
  postbackRoutes(app);
  experimentRoutes(app);
};

/** The ad networks and affiliates (their query keys, payouts and postback templates): the list and a new one. */
function networkRoutes(app: AdminApp) {
  const { traffic } = app.services;
  app.get(
    '/admin/traffic/networks',
    {
      schema: {
        tags: TAGS,
        summary: 'Ad networks and affiliates',
        response: { 200: adminNetworksResponseSchema, ...errors },
      },
    },
    async () => ({ networks: await traffic.networks.list() }),
  );
  app.post(
    '/admin/traffic/networks',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a network: its query keys, payouts and postback templates',
        body: adminNetworkInputSchema,
        response: { 200: adminNetworkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const network = toAdminNetwork(await traffic.networks.create(request.body));
      await recordAudit(app.db, actorOf(request), {
        action: 'traffic.network_create',
        targetType: 'network',
        targetId: network.id,
        after: network,
      });
      return { network };
    },
  );
}

/** Editing and removing a network, audited with the network before and after. */
function networkChangeRoutes(app: AdminApp) {
  const { traffic } = app.services;
  app.put(
    '/admin/traffic/networks/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a network (a signing secret left out keeps the current one)',
        params: adminIdParamsSchema,
        body: adminNetworkInputSchema,
        response: { 200: adminNetworkResponseSchema, ...errors },
      },
    },
    async (request) => {
      const before = toAdminNetwork(await traffic.networks.find(request.params.id));
      const network = toAdminNetwork(await traffic.networks.update(request.params.id, request.body));
      await recordAudit(app.db, actorOf(request), {
        action: 'traffic.network_update',
        targetType: 'network',
        targetId: network.id,
        before,
        after: network,
      });
      return { network };
    },
  );
  app.delete(
    '/admin/traffic/networks/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a network and its delivery log (its events stay in the report)',
        params: adminIdParamsSchema,
        body: adminEmptyBodySchema,
        response: { 200: adminSuccessSchema, ...errors },
      },
    },
    async (request) => {
      const before = toAdminNetwork(await traffic.networks.find(request.params.id));
      await traffic.networks.remove(request.params.id);
      await recordAudit(app.db, actorOf(request), {
        action: 'traffic.network_delete',
        targetType: 'network',
        targetId: before.id,
        before,
      });
      return { success: true as const };
    },
  );
}

/** The postback delivery log and resend, and the report by source (JSON or CSV). */
function postbackRoutes(app: AdminApp) {
  const { traffic } = app.services;
  app.get(
    '/admin/traffic/postbacks',
    {
      schema: {
        tags: TAGS,
        summary: 'The postback delivery log, newest first',
        querystring: adminPostbacksQuerySchema,
        response: { 200: adminPostbacksResponseSchema, ...errors },
      },
    },
    async (request) =>
      traffic.postbacks.list({
        status: request.query.status,
        networkId: request.query.network,
        before: request.query.before,
        limit: request.query.limit,
      }),
  );
  app.post(
    '/admin/traffic/postbacks/:id/resend',
    {
      schema: {
        tags: TAGS,
        summary: 'Send a postback again (a new 24 hours of retries)',
        params: adminIdParamsSchema,
        body: adminEmptyBodySchema,
        response: { 200: adminPostbackResponseSchema, ...errors },
      },
    },
    async (request) => {
      const postback = await traffic.postbacks.resend(request.params.id);
      await recordAudit(app.db, actorOf(request), {
        action: 'traffic.postback_resend',
        targetType: 'postback',
        targetId: postback.id,
        after: { network_id: postback.network_id, event: postback.event },
      });
      return { postback };
    },
  );
  app.get(
    '/admin/traffic/report',
    {
      schema: {
        tags: TAGS,
        summary:
          'Visits, visitors, signups, buyers, revenue, refunds and payouts per source (format=csv: a file); without from and to the last 30 days of the sites',
        querystring: adminTrafficReportQuerySchema,
        response: { 200: adminTrafficReportResponseSchema.or(z.string()), ...errors },
      },
    },
    async (request, reply) => {
      const { from, to, by, site, format } = request.query;
      const range = from && to ? { from, to, siteId: site } : await traffic.report.defaultRange(site);
      const report = await traffic.report.report(by, range);
      if (format !== 'csv') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="traffic-by-${by}-${range.from}-${range.to}.csv"`)
        .header('cache-control', 'private, no-store')
        .serializer((payload: unknown) => String(payload))
        .send(reportCsv(by, report));
    },
  );
}

/** Lander experiments: a lander's variants and weights per site. */
function experimentRoutes(app: AdminApp) {
  const { landerExperiments } = app.services;
  app.get(
    '/admin/traffic/experiments',
    {
      schema: {
        tags: TAGS,
        summary: "Landers' variants and weights",
        querystring: adminExperimentsQuerySchema,
        response: { 200: adminExperimentsResponseSchema, ...errors },
      },
    },
    async (request) => ({ experiments: await landerExperiments.list(request.query.site) }),
  );
  app.put(
    '/admin/traffic/experiments/:lander',
    {
      schema: {
        tags: TAGS,
        summary: "Set a lander's variants and weights on a site (none: the experiment ends)",
        params: adminExperimentParamsSchema,
        body: adminExperimentInputSchema,
        response: { 200: adminExperimentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { site_id: siteId, variants } = request.body;
      const before = await landerExperiments.find(siteId, request.params.lander);
      const experiment = await landerExperiments.set(siteId, request.params.lander, variants);
      await recordAudit(app.db, actorOf(request), {
        action: 'traffic.experiment_update',
        targetType: 'site',
        targetId: siteId,
        before: { lander: request.params.lander, variants: before?.variants ?? [] },
        after: { lander: request.params.lander, variants: experiment.variants },
      });
      return { experiment };
    },
  );
}
