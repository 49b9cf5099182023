// Drizzle queries on photos, read and written; each method takes an optional transaction.
import type { Executor } from '../../db/client.ts';
import { createPhotosReadRepository } from './photos-read.repository.ts';
import { createPhotosWriteRepository } from './photos-write.repository.ts';

export function createPhotosRepository(db: Executor) {
  return {
    ...createPhotosReadRepository(db),
    ...createPhotosWriteRepository(db),
  };
}
export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
