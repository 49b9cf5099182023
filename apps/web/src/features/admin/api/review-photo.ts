// POST /api/admin/photos/:id/approve or /reject: useReviewPhoto (the console's photo queues).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotoRejectReason } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminPhotoKeys } from './admin-photo-keys.ts';

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
