// The query keys of the console's photos (all under adminKeys.all, so a logout forgets them).
import { adminKeys } from './admin-keys.ts';
import type { PhotoQueue } from './photo-queue.ts';

export const adminPhotoKeys = {
  all: [...adminKeys.all, 'photos'] as const,
  queue: (queue: PhotoQueue) => [...adminPhotoKeys.all, queue] as const,
};
