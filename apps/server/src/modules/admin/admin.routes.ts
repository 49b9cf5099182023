// Every /api/admin/ route of the staff console. Who may call each is the table ADMIN_ROUTE_ROLES (packages/contracts/
// src/admin.ts), enforced by plugins/staff-session for every route registered here: 401 without a staff session,
// 403 for a role without the right. Schemas from @app/contracts; services from app.services.admin.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAuditQuerySchema,
  adminAuditResponseSchema,
  adminBanRequestSchema,
  adminBundleInputSchema,
  adminBundleResponseSchema,
  adminBundlesResponseSchema,
  adminCreditsRequestSchema,
  adminCreditsResponseSchema,
  adminDashboardQuerySchema,
  adminDashboardResponseSchema,
  adminDiscountCodeInputSchema,
  adminDiscountCodeResponseSchema,
  adminDiscountCodesResponseSchema,
  adminEmptyBodySchema,
  adminIdParamsSchema,
  adminLedgerResponseSchema,
  adminLogoutMemberResponseSchema,
  adminMemberReportsQuerySchema,
  adminMemberResponseSchema,
  adminMembersQuerySchema,
  adminMembersResponseSchema,
  adminOrderResponseSchema,
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  adminPageQuerySchema,
  adminPhotoFileQuerySchema,
  adminVerificationDecisionSchema,
  adminVerificationsQuerySchema,
  adminVerificationsResponseSchema,
  adminPhotoRejectRequestSchema,
  adminPhotoResponseSchema,
  adminPhotosListResponseSchema,
  adminPhotosQuerySchema,
  adminReportActionRequestSchema,
  adminReportActionResponseSchema,
  adminReportDismissRequestSchema,
  adminReportResponseSchema,
  adminReportsQuerySchema,
  adminReportsResponseSchema,
  adminRestrictionResponseSchema,
  adminSiteInputSchema,
  adminSiteResponseSchema,
  adminSitesResponseSchema,
  adminSuccessSchema,
  adminSuspendRequestSchema,
  adminTicketReplyRequestSchema,
  adminTicketResponseSchema,
  adminTicketsQuerySchema,
  adminTicketsResponseSchema,
  adminUnbanRequestSchema,
  adminWebhooksResponseSchema,
  apiErrorSchema,
  staffLoginRequestSchema,
  staffResponseSchema,
} from '@app/contracts';
import { rateLimit, rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { contentTypeOf } from '../../plugins/storage/index.ts';
import { notFound } from '../../lib/http-errors.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import { adminTrafficRoutes } from './traffic.routes.ts';
import { staffLoginFailed } from './staff-accounts.ts';

const TAGS = ['admin'];
const photoFileSchema = z.unknown().meta({ type: 'string', format: 'binary', description: 'image/jpeg' });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Staff login attempts: per address, and per e-mail address tried (whatever the address). */
export const STAFF_LOGIN_LIMITS = {
  perIp: { max: 10, timeWindow: '15 minutes' },
  perEmail: { max: 5, timeWindow: '15 minutes' },
} as const;

const actorOf = (request: FastifyRequest): AuditActor => ({
  id: request.staff!.id,
  email: request.staff!.email,
  ip: request.ip,
});
const staffOf = (request: FastifyRequest) => ({
  id: request.staff!.id,
  email: request.staff!.email,
  name: request.staff!.name,
  role: request.staff!.role,
});

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A stored photo for staff only: only the staff member's browser keeps it, briefly. */
  /** A stored file for staff; `isKept: false` (a verification selfie, deleted with the decision) is never cached. */
  async function sendStaffFile(reply: FastifyReply, key: string, isKept = true) {
    const file = await app.storage.read(key);
    if (!file) throw notFound();
    reply.header('cache-control', isKept ? 'private, max-age=300' : 'no-store').type(contentTypeOf(key));
    if (file.size !== undefined) reply.header('content-length', file.size);
    return reply.send(file.body);
  }

  const { admin } = app.services;
  const loginPerEmail = rateLimitHook(app, {
    name: 'staff-login-email',
    ...STAFF_LOGIN_LIMITS.perEmail,
    key: (request) =>
      `staff-email:${String((request.body as { email?: unknown } | undefined)?.email ?? '')
        .trim()
        .toLowerCase()}`,
  });

  // Paid traffic: networks, postbacks, the report and lander experiments (traffic.routes.ts).
  await app.register(adminTrafficRoutes);

  // Site changes reach every instance's site resolver at once (its cache otherwise keeps a host for 30 s).
  const stop = app.bus.subscribe('site.changed', () => app.sites.invalidate());
  app.addHook('onClose', async () => stop());

  // ---- login -------------------------------------------------------------------------------
  app.post(
    '/admin/login',
    {
      config: rateLimit(STAFF_LOGIN_LIMITS.perIp),
      preHandler: [loginPerEmail],
      schema: {
        tags: TAGS,
        summary: 'Staff login: e-mail, password and the authenticator code in one step',
        body: staffLoginRequestSchema,
        response: { 200: staffResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const result = await admin.staff.login(email, password, code);
      if ('failure' in result) {
        // The actor is unknown (whoever typed the address); the target is the account named, if any.
        await recordAudit(
          app.db,
          { id: null, email, ip: request.ip },
          {
            action: 'staff.login_failed',
            targetType: 'staff',
            targetId: result.account?.id ?? null,
            after: { why: result.failure },
          },
        );
        throw staffLoginFailed();
      }
      const { account } = result;
      await app.startStaffSession(request, reply, account.id);
      await recordAudit(
        app.db,
        { id: account.id, email: account.email, ip: request.ip },
        { action: 'staff.login', targetType: 'staff', targetId: account.id },
      );
      return { staff: { id: account.id, email: account.email, name: account.name, role: account.role } };
    },
  );
  app.post(
    '/admin/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'End the staff session',
        body: adminEmptyBodySchema,
        response: { 200: adminSuccessSchema, ...errors },
      },
    },
    async (request, reply) => {
      await app.endStaffSession(request, reply);
      return { success: true as const };
    },
  );
  app.get(
    '/admin/me',
    {
      schema: { tags: TAGS, summary: 'The signed-in staff member', response: { 200: staffResponseSchema, ...errors } },
    },
    async (request) => ({ staff: staffOf(request) }),
  );

  // ---- dashboard ---------------------------------------------------------------------------
  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: TAGS,
        summary: 'Per-day counts of the last 30 days',
        querystring: adminDashboardQuerySchema,
        response: { 200: adminDashboardResponseSchema, ...errors },
      },
    },
    async (request) => admin.operations.dashboard(request.query),
  );

  // ---- members -----------------------------------------------------------------------------
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
    async (request) => admin.members.photos(request.params.id),
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
    async (request) => admin.members.orders(request.params.id, request.query),
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
    async (request) => admin.members.ledger(request.params.id, request.query),
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
    async (request) => admin.members.reports(request.params.id, request.query),
  );
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
      admin.members.restrict(actorOf(request), request.params.id, { kind: 'suspended', ...request.body }),
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
    async (request) => admin.members.restrict(actorOf(request), request.params.id, { kind: 'banned', ...request.body }),
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
    async (request) => admin.members.unban(actorOf(request), request.params.id, request.body),
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
    async (request) => admin.members.forceLogout(actorOf(request), request.params.id),
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
    async (request) => admin.members.adjustCredits(actorOf(request), request.params.id, request.body, randomUUID()),
  );

  // ---- reports -----------------------------------------------------------------------------
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
    async (request) => admin.moderation.listReports(request.query),
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
    async (request) => ({ report: await admin.moderation.reportDetail(request.params.id) }),
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
      admin.moderation.handleReport(actorOf(request), request.params.id, {
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
      admin.moderation.handleReport(actorOf(request), request.params.id, {
        status: 'actioned',
        resolution: request.body.resolution,
        ban: request.body.ban,
        rejectPhoto: request.body.reject_photo,
      }),
  );

  // ---- photos ------------------------------------------------------------------------------
  app.get(
    '/admin/photos',
    {
      schema: {
        tags: TAGS,
        summary: 'New or reported photos',
        querystring: adminPhotosQuerySchema,
        response: { 200: adminPhotosListResponseSchema, ...errors },
      },
    },
    async (request) => admin.moderation.listPhotos(request.query),
  );
  app.post(
    '/admin/photos/:id/approve',
    {
      schema: {
        tags: TAGS,
        summary: 'Approve a photo',
        params: adminIdParamsSchema,
        body: adminEmptyBodySchema,
        response: { 200: adminPhotoResponseSchema, ...errors },
      },
    },
    async (request) => admin.moderation.approvePhoto(actorOf(request), request.params.id),
  );
  app.post(
    '/admin/photos/:id/reject',
    {
      schema: {
        tags: TAGS,
        summary: 'Reject (remove) a photo; the member is mailed the reason in their language',
        params: adminIdParamsSchema,
        body: adminPhotoRejectRequestSchema,
        response: { 200: adminPhotoResponseSchema, ...errors },
      },
    },
    async (request) =>
      admin.moderation.rejectPhoto(actorOf(request), request.params.id, request.body.reason, request.body.note),
  );

  app.get(
    '/admin/photos/:id/file',
    {
      schema: {
        tags: TAGS,
        summary: "A photo's file, private ones included",
        params: adminIdParamsSchema,
        querystring: adminPhotoFileQuerySchema,
        response: { 200: photoFileSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const photo = await admin.moderation.photoFile(request.params.id);
      return sendStaffFile(reply, request.query.size === 'thumb' ? photo.thumbKey : photo.fileKey);
    },
  );

  app.get(
    '/admin/messages/:id/photo',
    {
      schema: {
        tags: TAGS,
        summary: "A photo message's file, for a report on it",
        params: adminIdParamsSchema,
        querystring: adminPhotoFileQuerySchema,
        response: { 200: photoFileSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const photo = await admin.moderation.messagePhotoFile(request.params.id);
      return sendStaffFile(reply, request.query.size === 'thumb' ? photo.thumbKey : photo.fileKey);
    },
  );

  // ---- verification selfies (docs/verification.md) -----------------------------------------
  app.get(
    '/admin/verifications',
    {
      schema: {
        tags: TAGS,
        summary: 'Verification selfies waiting for a decision, oldest first, with the profile photos to compare',
        querystring: adminVerificationsQuerySchema,
        response: { 200: adminVerificationsResponseSchema, ...errors },
      },
    },
    async (request) => admin.moderation.listVerifications(request.query),
  );

  app.get(
    '/admin/verifications/:id/selfie',
    {
      schema: {
        tags: TAGS,
        summary: 'A verification selfie while it waits for a decision (deleted with the decision)',
        params: adminIdParamsSchema,
        response: { 200: photoFileSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendStaffFile(reply, await admin.moderation.verificationSelfieKey(request.params.id), false),
  );

  app.post(
    '/admin/verifications/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Approve a verification selfie (the member gets the badge) or reject it with a reason',
        params: adminIdParamsSchema,
        body: adminVerificationDecisionSchema,
        response: { 200: adminSuccessSchema, ...errors },
      },
    },
    async (request) => admin.moderation.decideVerification(actorOf(request), request.params.id, request.body),
  );

  // ---- tickets -----------------------------------------------------------------------------
  app.get(
    '/admin/tickets',
    {
      schema: {
        tags: TAGS,
        summary: 'Complaints and contact tickets',
        querystring: adminTicketsQuerySchema,
        response: { 200: adminTicketsResponseSchema, ...errors },
      },
    },
    async (request) => admin.operations.listTickets(request.query),
  );
  app.get(
    '/admin/tickets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A ticket and its replies',
        params: adminIdParamsSchema,
        response: { 200: adminTicketResponseSchema, ...errors },
      },
    },
    async (request) => admin.operations.ticket(request.params.id),
  );
  app.post(
    '/admin/tickets/:id/reply',
    {
      schema: {
        tags: TAGS,
        summary: 'Reply by mail (stored)',
        params: adminIdParamsSchema,
        body: adminTicketReplyRequestSchema,
        response: { 200: adminTicketResponseSchema, ...errors },
      },
    },
    async (request) => admin.operations.replyTicket(actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/admin/tickets/:id/close',
    {
      schema: {
        tags: TAGS,
        summary: 'Close a ticket',
        params: adminIdParamsSchema,
        body: adminEmptyBodySchema,
        response: { 200: adminTicketResponseSchema, ...errors },
      },
    },
    async (request) => admin.operations.closeTicket(actorOf(request), request.params.id),
  );

  // ---- payments ----------------------------------------------------------------------------
  app.get(
    '/admin/orders',
    {
      schema: {
        tags: TAGS,
        summary: 'Orders, newest first',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersResponseSchema, ...errors },
      },
    },
    async (request) => admin.operations.listOrders(request.query),
  );
  app.get(
    '/admin/orders/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'An order',
        params: adminIdParamsSchema,
        response: { 200: adminOrderResponseSchema, ...errors },
      },
    },
    async (request) => admin.operations.order(request.params.id),
  );
  app.post(
    '/admin/orders/:id/refund',
    {
      schema: {
        tags: TAGS,
        summary: "Refund an order's unused credits through the provider",
        params: adminIdParamsSchema,
        body: adminEmptyBodySchema,
        response: { 200: adminOrderResponseSchema, ...errors },
      },
    },
    async (request) => admin.operations.refund(actorOf(request), request.params.id),
  );
  app.get(
    '/admin/webhooks',
    {
      schema: {
        tags: TAGS,
        summary: 'Failed payment webhooks',
        querystring: adminPageQuerySchema,
        response: { 200: adminWebhooksResponseSchema, ...errors },
      },
    },
    async (request) => admin.operations.failedWebhooks(request.query),
  );

  // ---- sites -------------------------------------------------------------------------------
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

  // ---- audit log ---------------------------------------------------------------------------
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
    async (request) => admin.operations.audit(request.query),
  );
};
