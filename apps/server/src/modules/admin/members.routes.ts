// The members area of the console: search, a member's page, photos, orders, ledger and reports; suspend, ban, unban,
// force a logout, adjust credits (each audited).
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBanRequestSchema,
  adminCreditsRequestSchema,
  adminCreditsResponseSchema,
  adminEmptyBodySchema,
  adminIdParamsSchema,
  adminLedgerResponseSchema,
  adminLogoutMemberResponseSchema,
  adminMemberReportsQuerySchema,
  adminMemberResponseSchema,
  adminMembersQuerySchema,
  adminMembersResponseSchema,
  adminOrdersResponseSchema,
  adminPageQuerySchema,
  adminPhotosListResponseSchema,
  adminReportsResponseSchema,
  adminRestrictionResponseSchema,
  adminSuspendRequestSchema,
  adminUnbanRequestSchema,
} from '@app/contracts';
import { actorOf, type AdminApp, errors, staffArea, TAGS } from './admin-http.ts';

export const adminMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  memberReadRoutes(app);
  memberActionRoutes(app);
};

/** Search and a member's page with its photos, orders, ledger and reports. */
function memberReadRoutes(app: AdminApp) {
  const { admin } = app.services;
  app.get(
    '/admin/members',
    {
      schema: {
        tags: TAGS,
        summary: 'Search members by e-mail, name, id, site',
        querystring: adminMembersQuerySchema,
        response: { 200: adminMembersResponseSchema, ...errors },
      },
    },
    async (request) => admin.members.search(request.query),
  );
  app.get(
    '/admin/members/:id',
    {
      schema: {
        tags: TAGS,
        summary: "A member's page",
        params: adminIdParamsSchema,
        response: { 200: adminMemberResponseSchema, ...errors },
      },
    },
    async (request) => ({ member: await admin.members.detail(request.params.id) }),
  );
  app.get(
    '/admin/members/:id/photos',
    {
      schema: {
        tags: TAGS,
        summary: "A member's photos",
        params: adminIdParamsSchema,
        response: { 200: adminPhotosListResponseSchema, ...errors },
      },
    },
    async (request) => admin.memberHistory.photos(request.params.id),
  );
  app.get(
    '/admin/members/:id/orders',
    {
      schema: {
        tags: TAGS,
        summary: "A member's orders",
        params: adminIdParamsSchema,
        querystring: adminPageQuerySchema,
        response: { 200: adminOrdersResponseSchema, ...errors },
      },
    },
    async (request) => admin.memberHistory.orders(request.params.id, request.query),
  );
  app.get(
    '/admin/members/:id/ledger',
    {
      schema: {
        tags: TAGS,
        summary: "A member's credit ledger",
        params: adminIdParamsSchema,
        querystring: adminPageQuerySchema,
        response: { 200: adminLedgerResponseSchema, ...errors },
      },
    },
    async (request) => admin.memberHistory.ledger(request.params.id, request.query),
  );
  app.get(
    '/admin/members/:id/reports',
    {
      schema: {
        tags: TAGS,
        summary: 'Reports about or by a member',
        params: adminIdParamsSchema,
        querystring: adminMemberReportsQuerySchema,
        response: { 200: adminReportsResponseSchema, ...errors },
      },
    },
    async (request) => admin.memberHistory.reports(request.params.id, request.query),
  );
}

/** Suspend, ban, unban, force a logout, adjust credits: each audited. */
function memberActionRoutes(app: AdminApp) {
  const { admin } = app.services;
  app.post(
    '/admin/members/:id/suspend',
    {
      schema: {
        tags: TAGS,
        summary: 'Suspend a member until a date (sessions end at once)',
        params: adminIdParamsSchema,
        body: adminSuspendRequestSchema,
        response: { 200: adminRestrictionResponseSchema, ...errors },
      },
    },
    async (request) =>
      admin.memberActions.restrict(actorOf(request), request.params.id, { kind: 'suspended', ...request.body }),
  );
  app.post(
    '/admin/members/:id/ban',
    {
      schema: {
        tags: TAGS,
        summary: 'Ban a member (sessions end at once on every instance)',
        params: adminIdParamsSchema,
        body: adminBanRequestSchema,
        response: { 200: adminRestrictionResponseSchema, ...errors },
      },
    },
    async (request) =>
      admin.memberActions.restrict(actorOf(request), request.params.id, { kind: 'banned', ...request.body }),
  );
  app.post(
    '/admin/members/:id/unban',
    {
      schema: {
        tags: TAGS,
        summary: 'Lift a ban or suspension',
        params: adminIdParamsSchema,
        body: adminUnbanRequestSchema,
        response: { 200: adminRestrictionResponseSchema, ...errors },
      },
    },
    async (request) => admin.memberActions.unban(actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin/members/:id/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'End every session of a member',
        params: adminIdParamsSchema,
        body: adminEmptyBodySchema,
        response: { 200: adminLogoutMemberResponseSchema, ...errors },
      },
    },
    async (request) => admin.memberActions.forceLogout(actorOf(request), request.params.id),
  );
  app.post(
    '/admin/members/:id/credits',
    {
      schema: {
        tags: TAGS,
        summary: 'Adjust credits through the ledger, with a reason',
        params: adminIdParamsSchema,
        body: adminCreditsRequestSchema,
        response: { 200: adminCreditsResponseSchema, ...errors },
      },
    },
    async (request) =>
      admin.memberActions.adjustCredits(actorOf(request), request.params.id, request.body, randomUUID()),
  );
}
