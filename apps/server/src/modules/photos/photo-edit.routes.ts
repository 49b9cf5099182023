// Changing the own photos: PUT /api/photo.php (the main one, private or public) and DELETE /api/photo.php.
import { deletePhotoRequestSchema, photosResponseSchema, updatePhotoRequestSchema } from '@app/contracts';
import { errorResponses } from '../member-core/index.ts';
import { type PhotoRouteKit, type PhotosApp, TAGS } from './photo-route-kit.ts';

export function photoEditRoutes(app: PhotosApp, { memberLimit, photosOf }: PhotoRouteKit): void {
  const { photos, viewers } = app.services;

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
}
