// Photo endpoints: upload (multipart, also during signup), make main, mark private, delete; POST/PUT/DELETE /api/photo.php, GET /api/photos.php.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_MEGABYTES,
  deletePhotoRequestSchema,
  photoFileQuerySchema,
  photosResponseSchema,
  updatePhotoRequestSchema,
  uploadPhotoResponseSchema,
  verificationActionBodySchema,
  verificationResponseSchema,
} from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { errorResponses } from '../member-core/index.ts';
import { mainImageOf, photoNotFound, toPhoto } from './photos.service.ts';
import { contentTypeOf } from '../../plugins/storage/index.ts';

const TAGS = ['members'];
const photoTooLarge = () => new AppError(413, 'photo_too_large', { max_mb: PHOTO_MAX_MEGABYTES });
const isTrue = (value: unknown) => value === '1' || value === 'true';
/**
 * The multipart form, for the OpenAPI document only: the parts are read by @fastify/multipart in the
 * handler, so validation lets anything through (a body that is not multipart gets photo_required there).
 */
const uploadPhotoBodySchema = z.unknown().meta({
  type: 'object',
  properties: {
    photo: { type: 'string', format: 'binary' },
    is_private: { type: 'string', enum: ['0', '1', 'true', 'false'] },
  },
  required: ['photo'],
});

/** The JPEG bytes, for the OpenAPI document: a stream is sent as it is, never serialised. */
const photoFileSchema = z.unknown().meta({ type: 'string', format: 'binary', description: 'image/jpeg' });

export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes take multipart bodies; everything else stays JSON-only.
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  const { photos, verification, viewers } = app.services;
  const memberLimit = (name: string, max: number, timeWindow: string) =>
    rateLimitHook(app, { name, max, timeWindow, key: memberRateKey });

  /** A multipart limit hit while reading an upload, as the API's error. */
  const multipartError = (error: unknown) => {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) return photoTooLarge();
    if (error instanceof app.multipartErrors.PartsLimitError || error instanceof app.multipartErrors.FieldsLimitError) {
      return new AppError(413, 'payload_too_large');
    }
    return error;
  };

  async function photosOf(profileId: number, cdnPrefix: string) {
    const rows = await photos.listOwn(profileId);
    return { photos: rows.map((row) => toPhoto(row, cdnPrefix)), main_image: mainImageOf(rows, cdnPrefix) };
  }

  app.get(
    '/photos.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'The own photos, main first',
        response: { 200: photosResponseSchema, ...errorResponses },
      },
    },
    async (request) => photosOf((await viewers.require(request)).profileId, request.site.cdnPrefix),
  );

  app.post(
    '/photo.php',
    {
      preValidation: [app.requireMember],
      preHandler: [memberLimit('photo-upload', 60, '1 hour')],
      schema: {
        tags: TAGS,
        summary: `Upload a photo: multipart/form-data, file field "photo" (JPEG, PNG, WebP; at most ${PHOTO_MAX_MEGABYTES} MB), optional field or query "is_private"`,
        querystring: z.object({ is_private: z.enum(['0', '1', 'true', 'false']).optional() }),
        consumes: ['multipart/form-data'],
        body: uploadPhotoBodySchema,
        response: { 201: uploadPhotoResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewer = await viewers.require(request);
      if (!request.isMultipart()) throw new AppError(400, 'photo_required');
      // Before a byte of the body is read: a member at the limit does not upload 15 MB to be refused.
      await photos.assertBelowLimit(viewer);
      let isPrivate = isTrue(request.query.is_private);
      let file;
      try {
        file = await request.file();
      } catch (error) {
        throw multipartError(error);
      }
      if (!file) throw new AppError(400, 'photo_required');
      const field = file.fields.is_private;
      if (field && !Array.isArray(field) && field.type === 'field') isPrivate ||= isTrue(field.value);
      // The file is read only once a photo slot is free (photos.processUpload): waiting uploads stay unread.
      const upload = file;
      const photo = await photos.upload(
        viewer,
        () => upload.toBuffer().catch((error: unknown) => Promise.reject(multipartError(error))),
        { isPrivate },
      );
      reply.status(201);
      return {
        photo: toPhoto(photo, request.site.cdnPrefix),
        ...(await photosOf(viewer.profileId, request.site.cdnPrefix)),
      };
    },
  );

  app.get(
    '/photo-file.php',
    {
      preValidation: [app.optionalMember],
      schema: {
        tags: TAGS,
        summary:
          'The file of a private photo, for the owner and premium members who may open the profile (docs/storage.md)',
        querystring: photoFileQuerySchema,
        response: { 200: photoFileSchema, 404: errorResponses[404] },
      },
    },
    async (request, reply) => {
      const viewer = await viewers.optional(request);
      const photo = await photos.findServable(request.query.id, viewer, async (profileId) => {
        try {
          await viewers.openable(request, profileId);
          return true;
        } catch {
          return false;
        }
      });
      const key = request.query.size === 'thumb' ? photo.thumbKey : photo.fileKey;
      const file = await app.storage.read(key);
      if (!file) throw photoNotFound();
      // Only this member's browser may keep it, and not for long: access can end (a block, a lost premium).
      reply.header('cache-control', 'private, max-age=300').header('vary', 'Cookie').type(contentTypeOf(key));
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );

  app.put(
    '/photo.php',
    {
      preValidation: [app.requireMember],
      preHandler: [memberLimit('photo-change', 120, '1 minute')],
      schema: {
        tags: TAGS,
        summary: 'Make a photo the main one ({ id, is_main: true }) and/or mark it private ({ id, is_private })',
        body: updatePhotoRequestSchema,
        response: { 200: photosResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      await photos.update(viewer, request.body);
      return photosOf(viewer.profileId, request.site.cdnPrefix);
    },
  );

  app.delete(
    '/photo.php',
    {
      preValidation: [app.requireMember],
      preHandler: [memberLimit('photo-change', 120, '1 minute')],
      schema: {
        tags: TAGS,
        summary: 'Delete a photo ({ id })',
        body: deletePhotoRequestSchema,
        response: { 200: photosResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      await photos.remove(viewer, request.body.id);
      return photosOf(viewer.profileId, request.site.cdnPrefix);
    },
  );

  // ---- photo verification (docs/verification.md) -------------------------------------------
  app.get(
    '/verification.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'Where the own photo verification stands (the pose to copy while started)',
        response: { 200: verificationResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ verification: await verification.get((await viewers.require(request)).profileId) }),
  );

  app.post(
    '/verification.php',
    {
      preValidation: [app.requireMember],
      preHandler: [memberLimit('verification-start', 20, '1 hour')],
      schema: {
        tags: TAGS,
        summary: 'Start a verification: the server picks the pose to copy (an attempt already started keeps its pose)',
        body: verificationActionBodySchema,
        response: { 200: verificationResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ verification: await verification.start((await viewers.require(request)).profileId) }),
  );

  app.delete(
    '/verification.php',
    {
      preValidation: [app.requireMember],
      schema: {
        tags: TAGS,
        summary: 'Withdraw the open verification; its selfie is deleted',
        body: verificationActionBodySchema,
        response: { 200: verificationResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ verification: await verification.withdraw((await viewers.require(request)).profileId) }),
  );

  app.post(
    '/verification-selfie.php',
    {
      preValidation: [app.requireMember],
      preHandler: [memberLimit('verification-selfie', 10, '1 hour')],
      schema: {
        tags: TAGS,
        summary: `The selfie copying the pose: multipart/form-data, file field "photo" (JPEG, PNG, WebP; at most ${PHOTO_MAX_MEGABYTES} MB)`,
        consumes: ['multipart/form-data'],
        body: uploadPhotoBodySchema,
        response: { 200: verificationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = await viewers.require(request);
      if (!request.isMultipart()) throw new AppError(400, 'verification_photo_required');
      let file;
      try {
        file = await request.file();
      } catch (error) {
        throw multipartError(error);
      }
      if (!file) throw new AppError(400, 'verification_photo_required');
      const upload = file;
      const read = () => upload.toBuffer().catch((error: unknown) => Promise.reject(multipartError(error)));
      return { verification: await verification.submit(viewer.profileId, read) };
    },
  );
};
