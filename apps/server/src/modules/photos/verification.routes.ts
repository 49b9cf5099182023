// Photo verification (docs/verification.md): GET, POST and DELETE /api/verification.php (where it stands, start,
// withdraw) and POST /api/verification-selfie.php (the selfie copying the pose, multipart).
import { PHOTO_MAX_MEGABYTES, verificationActionBodySchema, verificationResponseSchema } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { errorResponses } from '../member-core/index.ts';
import { type PhotoRouteKit, type PhotosApp, TAGS, uploadPhotoBodySchema } from './photo-route-kit.ts';

export function verificationRoutes(app: PhotosApp, { memberLimit, multipartError }: PhotoRouteKit): void {
  const { verification, viewers } = app.services;

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
}
