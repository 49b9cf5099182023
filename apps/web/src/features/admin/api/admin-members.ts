// GET /api/admin/members: useAdminMembers (the console's members).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminMemberKeys } from './admin-member-keys.ts';

export function useAdminMembers(q: string) {
  return useInfiniteQuery({
    queryKey: adminMemberKeys.list(q),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/members', {
        query: { q: q || undefined, cursor: pageParam },
        response: 'adminMembersResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
