// GET /api/admin/members/:id/photos: useAdminMemberPhotos (the console's members).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminMemberKeys } from './admin-member-keys.ts';

/** All of the member's photos at once: a member has a bounded number of them. */
export function useAdminMemberPhotos(id: number) {
  return useQuery({
    queryKey: adminMemberKeys.photos(id),
    queryFn: () => apiRequest(`/api/admin/members/${id}/photos`, { response: 'adminPhotosListResponseSchema' }),
  });
}
