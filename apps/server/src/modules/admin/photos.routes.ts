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
import { actorOf, type AdminApp, errors, photoFileSchema, sendStaffFile, staffArea, TAGS } from './admin-http.ts';

export const adminPhotosRoutes: FastifyPluginAsyncZod = async (app) => {
  staffArea(app);
  photoRoutes(app);
  verificationRoutes(app);
};

/** The photo queue, approve or reject, and the files of photos and photo messages. */
function photoRoutes(app: AdminApp) {
  const { admin } = app.services;
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
    async (request) => admin.photoQueue.listPhotos(request.query),
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
    async (request) => admin.photoQueue.approvePhoto(actorOf(request), request.params.id),
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
      admin.photoQueue.rejectPhoto(actorOf(request), request.params.id, request.body.reason, request.body.note),
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
      const photo = await admin.photoQueue.photoFile(request.params.id);
      return sendStaffFile(app, reply, request.query.size === 'thumb' ? photo.thumbKey : photo.fileKey);
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
      const photo = await admin.photoQueue.messagePhotoFile(request.params.id);
      return sendStaffFile(app, reply, request.query.size === 'thumb' ? photo.thumbKey : photo.fileKey);
    },
  );
}

/** Verification selfies waiting for a decision (docs/verification.md). */
function verificationRoutes(app: AdminApp) {
  const { admin } = app.services;
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
    async (request) => admin.verifications.listVerifications(request.query),
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
      sendStaffFile(app, reply, await admin.verifications.verificationSelfieKey(request.params.id), false),
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
    async (request) => admin.verifications.decideVerification(actorOf(request), request.params.id, request.body),
  );
}
