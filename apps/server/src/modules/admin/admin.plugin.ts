// The staff console's server side as one plugin (registered under /api): every area's routes, each its own
// encapsulated plugin behind one staff check (ADMIN_ROUTE_ROLES, admin-http.ts `staffArea`), and the console's bus
// subscription. Services come from app.services.admin (admin.service.ts).
import type { FastifyPluginAsync } from 'fastify';
import { adminAuditRoutes } from './audit.routes.ts';
import { adminMembersRoutes } from './members.routes.ts';
import { adminPaymentsRoutes } from './payments.routes.ts';
import { adminPhotosRoutes } from './photos.routes.ts';
import { adminRiskRoutes } from './risk.routes.ts';
import { adminReportsRoutes } from './reports.routes.ts';
import { adminSitesRoutes } from './sites.routes.ts';
import { adminStaffRoutes } from './staff.routes.ts';
import { adminTicketsRoutes } from './tickets.routes.ts';
import { adminTrafficRoutes } from './traffic.routes.ts';

export const adminPlugin: FastifyPluginAsync = async (app) => {
  for (const routes of [
    // Paid traffic: networks, postbacks, the report and lander experiments (docs/traffic.md).
    adminTrafficRoutes,
    adminStaffRoutes,
    adminMembersRoutes,
    adminReportsRoutes,
    adminPhotosRoutes,
    adminRiskRoutes,
    adminTicketsRoutes,
    adminPaymentsRoutes,
    adminSitesRoutes,
    adminAuditRoutes,
  ])
    await app.register(routes);

  // Site changes reach every instance's site resolver at once (its cache otherwise keeps a host for 30 s).
  const stop = app.bus.subscribe('site.changed', () => app.sites.invalidate());
  app.addHook('onClose', async () => stop());
};
