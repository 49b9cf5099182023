// After a photo change: the photo list, the own profile and the user payload (top navigation avatar) follow.
import type { QueryClient } from '@tanstack/react-query';
import type { PhotosResponse } from '@app/contracts';
import { userKeys } from '../../../lib/session/get-user.ts';
import { ownProfileKeys } from '../../../lib/session/get-own-profile.ts';
import { photosKeys } from './get-photos.ts';

export async function syncPhotos(queryClient: QueryClient, data: PhotosResponse): Promise<void> {
  queryClient.setQueryData<PhotosResponse>(photosKeys.all, { photos: data.photos, main_image: data.main_image });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ownProfileKeys.all }),
    queryClient.invalidateQueries({ queryKey: userKeys.all }),
  ]);
}
