// GET /api/admin/photos: useAdminPhotos (the console's photos).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PhotoQueue } from './photo-queue.ts';
import { adminPhotoKeys } from './admin-photo-keys.ts';

export function useAdminPhotos(queue: PhotoQueue) {
  return useInfiniteQuery({
    queryKey: adminPhotoKeys.queue(queue),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/photos', {
        query: { queue, cursor: pageParam },
        response: 'adminPhotosListResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
