// The photos queue of the console: new or reported photos (keyset pages), approve, reject with a reason (the member
// is told in their language by the server).
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotoRejectReason } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export type PhotoQueue = 'new' | 'reported';

export const adminPhotoKeys = {
  all: [...adminKeys.all, 'photos'] as const,
  queue: (queue: PhotoQueue) => [...adminPhotoKeys.all, queue] as const,
};

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

export function useReviewPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...decision
    }: { id: number } & ({ kind: 'approve' } | { kind: 'reject'; reason: PhotoRejectReason })) =>
      decision.kind === 'approve'
        ? apiRequest(`/api/admin/photos/${id}/approve`, { method: 'POST', response: 'adminPhotoResponseSchema' })
        : apiRequest(`/api/admin/photos/${id}/reject`, {
            method: 'POST',
            body: { reason: decision.reason },
            response: 'adminPhotoResponseSchema',
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPhotoKeys.all }),
  });
}
