// A private photo's file: GET /api/photo-file.php, for the owner and the members who may open the profile
// (docs/storage.md); only this member's browser may keep it, briefly.
import { z } from 'zod';
import { photoFileQuerySchema } from '@app/contracts';
import { contentTypeOf } from '../../plugins/storage/index.ts';
import { errorResponses } from '../member-core/index.ts';
import { type PhotosApp, TAGS } from './photo-route-kit.ts';
import { photoNotFound } from './photos.service.ts';

/** The JPEG bytes, for the OpenAPI document: a stream is sent as it is, never serialised. */
const photoFileSchema = z.unknown().meta({ type: 'string', format: 'binary', description: 'image/jpeg' });

export function photoFileRoutes(app: PhotosApp): void {
  const { photos, viewers } = app.services;

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
}
