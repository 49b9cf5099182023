// PUT /api/photo.php { id, is_main?, is_private? }: make a photo the main one and/or mark it private.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePhotoRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { syncPhotos } from './sync-photos.ts';

export const updatePhoto = (body: UpdatePhotoRequest) =>
  apiRequest('photo.php', { method: 'PUT', body, response: 'photosResponseSchema' });

export function useUpdatePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePhoto, onSuccess: (data) => syncPhotos(queryClient, data) });
}
