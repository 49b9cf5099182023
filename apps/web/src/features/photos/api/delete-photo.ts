// DELETE /api/photo.php { id }: delete a photo (deleting the main one promotes the oldest public photo).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhotosResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { syncPhotos } from './sync-photos.ts';

export const deletePhoto = (id: number) => apiRequest<PhotosResponse>('photo.php', { method: 'DELETE', body: { id } });

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePhoto, onSuccess: (data) => syncPhotos(queryClient, data) });
}
