// After a photo change: the photo list, the own profile and the user payload (top navigation avatar) follow.
import type { QueryClient } from '@tanstack/react-query';
import type { PhotosResponse } from '@app/contracts';
import { USER_QUERY_KEY } from '../../../lib/session/get-user.ts';
import { OWN_PROFILE_QUERY_KEY } from '../../../lib/session/get-own-profile.ts';
import { PHOTOS_QUERY_KEY } from './get-photos.ts';

export async function syncPhotos(queryClient: QueryClient, data: PhotosResponse): Promise<void> {
  queryClient.setQueryData<PhotosResponse>(PHOTOS_QUERY_KEY, { photos: data.photos, main_image: data.main_image });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: OWN_PROFILE_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  ]);
}
