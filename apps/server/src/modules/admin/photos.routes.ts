// Photo moderation in the console: new or reported photos, approve or reject, the files (photo messages too), and
// the verification selfies waiting for a decision (docs/verification.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminEmptyBodySchema,
  adminIdParamsSchema,
  adminPhotoFileQuerySchema,
  adminVerificationDecisionSchema,
  adminVerificationsQuerySchema,
  adminVerificationsResponseSchema,
  adminPhotoRejectRequestSchema,
  adminPhotoResponseSchema,
  adminPhotosListResponseSchema,
  adminPhotosQuerySchema,
  adminSuccessSchema,
  apiErrorSchema,
} from '@app/contracts';
import { actorOf, type AdminApp, photoFileSchema, sendStaffFile, staffArea, staffRoute, TAGS } from './admin-http.ts';

const params = adminIdParamsSchema;

export const adminPhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  photoRoutes(app);
  photoFileRoute(app, '/admin/photos/:id/file', "A photo's file, private ones included", (id) =>
    app.services.admin.photoQueue.photoFile(id),
  );
  photoFileRoute(app, '/admin/messages/:id/photo', "A photo message's file, for a report on it", (id) =>
    app.services.admin.photoQueue.messagePhotoFile(id),
  );
  verificationRoutes(app);
};

/** The photo queue, approve or reject. */
function photoRoutes(app: AdminApp) {
  const { admin } = app.services;
  app.get(
    '/admin/photos',
    staffRoute(
      { summary: 'New or reported photos', querystring: adminPhotosQuerySchema },
      adminPhotosListResponseSchema,
    ),
    async (request) => admin.photoQueue.listPhotos(request.query),
  );
  app.post(
    '/admin/photos/:id/approve',
    staffRoute({ summary: 'Approve a photo', params, body: adminEmptyBodySchema }, adminPhotoResponseSchema),
    async (request) => admin.photoQueue.approvePhoto(actorOf(request), request.params.id),
  );
  app.post(
    '/admin/photos/:id/reject',
    staffRoute(
      {
        summary: 'Reject (remove) a photo; the member is mailed the reason in their language',
        params,
        body: adminPhotoRejectRequestSchema,
      },
      adminPhotoResponseSchema,
    ),
    async (request) =>
      admin.photoQueue.rejectPhoto(actorOf(request), request.params.id, request.body.reason, request.body.note),
  );
}

/** A stored photo's file (`?size=thumb` for the thumbnail), found by the id in the path. */
function photoFileRoute(
  app: AdminApp,
  path: string,
  summary: string,
  keysOf: (id: number) => Promise<{ fileKey: string; thumbKey: string }>,
) {
  app.get(
    path,
    {
      schema: {
        tags: TAGS,
        summary,
        params,
        querystring: adminPhotoFileQuerySchema,
        response: { 200: photoFileSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const keys = await keysOf(request.params.id);
      return sendStaffFile(app, reply, request.query.size === 'thumb' ? keys.thumbKey : keys.fileKey);
    },
  );
}

/** Verification selfies waiting for a decision (docs/verification.md). */
function verificationRoutes(app: AdminApp) {
  const { admin } = app.services;
  app.get(
    '/admin/verifications',
    staffRoute(
      {
        summary: 'Verification selfies waiting for a decision, oldest first, with the profile photos to compare',
        querystring: adminVerificationsQuerySchema,
      },
      adminVerificationsResponseSchema,
    ),
    async (request) => admin.verifications.listVerifications(request.query),
  );
  app.get(
    '/admin/verifications/:id/selfie',
    {
      schema: {
        tags: TAGS,
        summary: 'A verification selfie while it waits for a decision (deleted with the decision)',
        params,
        response: { 200: photoFileSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendStaffFile(app, reply, await admin.verifications.verificationSelfieKey(request.params.id), false),
  );
  app.post(
    '/admin/verifications/:id',
    staffRoute(
      {
        summary: 'Approve a verification selfie (the member gets the badge) or reject it with a reason',
        params,
        body: adminVerificationDecisionSchema,
      },
      adminSuccessSchema,
    ),
    async (request) => admin.verifications.decideVerification(actorOf(request), request.params.id, request.body),
  );
}
