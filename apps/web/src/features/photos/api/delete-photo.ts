// DELETE /api/photo.php { id }: delete a photo (deleting the main one promotes the oldest public photo).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { syncPhotos } from './sync-photos.ts';

export const deletePhoto = (id: number) =>
  apiRequest('photo.php', { method: 'DELETE', body: { id }, response: 'photosResponseSchema' });

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePhoto, onSuccess: (data) => syncPhotos(queryClient, data) });
}
