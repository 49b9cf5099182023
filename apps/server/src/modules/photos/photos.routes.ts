// Photo endpoints, one file per area: the own photos and uploads (own-photos.routes.ts), a private photo's file
// (photo-file.routes.ts), making one main or private and deleting (photo-edit.routes.ts), and photo verification
// (verification.routes.ts). They share one kit (photo-route-kit.ts).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_MAX_BYTES } from '@app/contracts';
import { ownPhotoRoutes } from './own-photos.routes.ts';
import { photoEditRoutes } from './photo-edit.routes.ts';
import { photoFileRoutes } from './photo-file.routes.ts';
import { createPhotoRouteKit } from './photo-route-kit.ts';
import { verificationRoutes } from './verification.routes.ts';

export const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes take multipart bodies; everything else stays JSON-only.
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  const kit = createPhotoRouteKit(app);
  ownPhotoRoutes(app, kit);
  photoFileRoutes(app);
  photoEditRoutes(app, kit);
  verificationRoutes(app, kit);
};
