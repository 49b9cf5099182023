// What the photo routes share: the API document's tag and multipart schemas, a member's rate limit, a multipart limit
// as the API's error, and the member's own photos as answered after every change.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_MAX_MEGABYTES } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { mainImageOf, toPhoto } from './photos.service.ts';

/** The app as the photo routes see it (Zod type provider). */
export type PhotosApp = Parameters<FastifyPluginAsyncZod>[0];

export const TAGS = ['members'];
const photoTooLarge = () => new AppError(413, 'photo_too_large', { max_mb: PHOTO_MAX_MEGABYTES });
export const isTrue = (value: unknown) => value === '1' || value === 'true';
/**
 * The multipart form, for the OpenAPI document only: the parts are read by @fastify/multipart in the
 * handler, so validation lets anything through (a body that is not multipart gets photo_required there).
 */
export const uploadPhotoBodySchema = z.unknown().meta({
  type: 'object',
  properties: {
    photo: { type: 'string', format: 'binary' },
    is_private: { type: 'string', enum: ['0', '1', 'true', 'false'] },
  },
  required: ['photo'],
});

export function createPhotoRouteKit(app: PhotosApp) {
  const { photos } = app.services;
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
  return { memberLimit, multipartError, photosOf };
}
export type PhotoRouteKit = ReturnType<typeof createPhotoRouteKit>;
