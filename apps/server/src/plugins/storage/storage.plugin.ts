// `app.storage` (a folder under DATA_DIR, or S3-compatible object storage), public files served at /uploads/...,
// and the job that deletes files after the rows that named them are gone.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs/promises';
import fp from 'fastify-plugin';
import { createDiskStorage } from './disk-storage.ts';
import { contentTypeOf, isSafeKey, type FileStorage } from './file-storage.ts';
import { createS3Storage, type S3StorageOptions } from './s3-storage.ts';

export const UPLOADS_URL_PREFIX = '/uploads/';
/** Keys under this prefix are never served at /uploads: their files are for some members only (private photos). */
export const PRIVATE_KEY_PREFIX = 'private/';
/** Job payload `{ keys: string[] }`: files to remove once the rows naming them are committed gone. */
export const DELETE_FILES_JOB = 'storage.delete-files';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Storage keys of a new photo's image and thumbnail; private ones live under the prefix /uploads never serves. */
export function newPhotoKeys(isPrivate: boolean): { fileKey: string; thumbKey: string } {
  const id = randomUUID();
  const directory = `${isPrivate ? PRIVATE_KEY_PREFIX : ''}photos/${id.slice(0, 2)}`;
  return { fileKey: `${directory}/${id}.jpg`, thumbKey: `${directory}/${id}_thumb.jpg` };
}

/** The public URL of a stored file: the site's cdn_prefix (may be empty or end in /) then /uploads/<key>. */
export function uploadUrl(cdnPrefix: string, key: string): string {
  return `${cdnPrefix.replace(/\/+$/, '')}${UPLOADS_URL_PREFIX}${key}`;
}

export type StoragePluginOptions = { dataDir: string; s3?: S3StorageOptions };

export const storagePlugin = fp<StoragePluginOptions>(
  async (app, { dataDir, s3 }) => {
    let storage: FileStorage;
    if (s3) {
      const s3Storage = createS3Storage(s3);
      app.addHook('onClose', async () => s3Storage.client.destroy());
      storage = s3Storage;
    } else {
      const rootDir = path.join(dataDir, 'uploads');
      await fs.mkdir(rootDir, { recursive: true });
      storage = createDiskStorage(rootDir);
    }
    app.decorate('storage', storage);

    // File names are random and never reused, so a file never changes: browsers and CDNs may keep it for a year.
    app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const key = request.params['*'];
      const file = isSafeKey(key) && !key.startsWith(PRIVATE_KEY_PREFIX) ? await storage.read(key) : null;
      if (!file) {
        return reply.code(404).header('cache-control', 'no-store').type('text/plain').send('Not found');
      }
      reply.header('cache-control', 'public, max-age=31536000, immutable').type(contentTypeOf(key));
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    });
  },
  { name: 'storage', dependencies: ['jobs'] },
);
