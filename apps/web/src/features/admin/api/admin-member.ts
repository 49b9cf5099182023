// GET /api/admin/members/:id: useAdminMember (the console's members).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminMemberKeys } from './admin-member-keys.ts';

export function useAdminMember(id: number) {
  return useQuery({
    queryKey: adminMemberKeys.detail(id),
    queryFn: () => apiRequest(`/api/admin/members/${id}`, { response: 'adminMemberResponseSchema' }),
  });
}
