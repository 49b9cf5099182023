// White-label sites in the console: settings, credit bundles, discount codes. A site change reaches this instance's
// site resolver at once, the others through the bus (site.changed).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBundleInputSchema,
  adminBundleResponseSchema,
  adminBundlesResponseSchema,
  adminDiscountCodeInputSchema,
  adminDiscountCodeResponseSchema,
  adminDiscountCodesResponseSchema,
  adminIdParamsSchema,
  adminSiteInputSchema,
  adminSiteResponseSchema,
  adminSitesResponseSchema,
} from '@app/contracts';
import { actorOf, type AdminApp, errors, staffArea, TAGS } from './admin-http.ts';

export const adminSitesRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  siteSettingsRoutes(app);
  siteCatalogueRoutes(app);
};

/** Sites and their settings. */
function siteSettingsRoutes(app: AdminApp) {
  const { admin } = app.services;
  app.get(
    '/admin/sites',
    { schema: { tags: TAGS, summary: 'Every site', response: { 200: adminSitesResponseSchema, ...errors } } },
    async () => admin.sites.list(),
  );
  app.post(
    '/admin/sites',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a white-label site (served at once on every instance)',
        body: adminSiteInputSchema,
        response: { 200: adminSiteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const created = await admin.sites.create(actorOf(request), request.body);
      // This instance at once; the others through the bus (site.changed).
      app.sites.invalidate();
      return created;
    },
  );
  app.get(
    '/admin/sites/:id',
    {
      schema: {
        tags: TAGS,
        summary: "A site's settings",
        params: adminIdParamsSchema,
        response: { 200: adminSiteResponseSchema, ...errors },
      },
    },
    async (request) => admin.sites.get(request.params.id),
  );
  app.put(
    '/admin/sites/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Edit a site's settings",
        params: adminIdParamsSchema,
        body: adminSiteInputSchema,
        response: { 200: adminSiteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const updated = await admin.sites.update(actorOf(request), request.params.id, request.body);
      app.sites.invalidate();
      return updated;
    },
  );
}

/** A site's credit bundles and discount codes. */
function siteCatalogueRoutes(app: AdminApp) {
  const { admin } = app.services;
  app.get(
    '/admin/sites/:id/bundles',
    {
      schema: {
        tags: TAGS,
        summary: "A site's credit bundles",
        params: adminIdParamsSchema,
        response: { 200: adminBundlesResponseSchema, ...errors },
      },
    },
    async (request) => admin.sites.bundles(request.params.id),
  );
  app.post(
    '/admin/sites/:id/bundles',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a credit bundle',
        params: adminIdParamsSchema,
        body: adminBundleInputSchema,
        response: { 200: adminBundleResponseSchema, ...errors },
      },
    },
    async (request) => admin.sites.createBundle(actorOf(request), request.params.id, request.body),
  );
  app.put(
    '/admin/bundles/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a credit bundle',
        params: adminIdParamsSchema,
        body: adminBundleInputSchema,
        response: { 200: adminBundleResponseSchema, ...errors },
      },
    },
    async (request) => admin.sites.updateBundle(actorOf(request), request.params.id, request.body),
  );
  app.get(
    '/admin/sites/:id/discount-codes',
    {
      schema: {
        tags: TAGS,
        summary: "A site's discount codes",
        params: adminIdParamsSchema,
        response: { 200: adminDiscountCodesResponseSchema, ...errors },
      },
    },
    async (request) => admin.sites.discountCodes(request.params.id),
  );
  app.post(
    '/admin/sites/:id/discount-codes',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a discount code',
        params: adminIdParamsSchema,
        body: adminDiscountCodeInputSchema,
        response: { 200: adminDiscountCodeResponseSchema, ...errors },
      },
    },
    async (request) => admin.sites.createDiscountCode(actorOf(request), request.params.id, request.body),
  );
  app.put(
    '/admin/discount-codes/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a discount code',
        params: adminIdParamsSchema,
        body: adminDiscountCodeInputSchema,
        response: { 200: adminDiscountCodeResponseSchema, ...errors },
      },
    },
    async (request) => admin.sites.updateDiscountCode(actorOf(request), request.params.id, request.body),
  );
}
