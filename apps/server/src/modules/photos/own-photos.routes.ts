// The member's own photos: GET /api/photos.php (main first) and POST /api/photo.php (an upload: multipart, also during
// signup; the file is read only once a photo slot is free).
import { z } from 'zod';
import { PHOTO_MAX_MEGABYTES, photosResponseSchema, uploadPhotoResponseSchema } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { errorResponses } from '../member-core/index.ts';
import { isTrue, type PhotoRouteKit, type PhotosApp, TAGS, uploadPhotoBodySchema } from './photo-route-kit.ts';
import { toPhoto } from './photos.service.ts';

export function ownPhotoRoutes(app: PhotosApp, { memberLimit, multipartError, photosOf }: PhotoRouteKit): void {
  const { photos, viewers } = app.services;

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
}
