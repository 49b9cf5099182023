// GET /api/admin/members/:id/ledger: useAdminMemberLedger (the console's members).
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminMemberKeys } from './admin-member-keys.ts';

/** The member page's lists page by page (`?cursor=`, newest first): the first page at once, "More" for the next. */
export function useAdminMemberLedger(id: number) {
  return useInfiniteQuery({
    queryKey: adminMemberKeys.ledger(id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest(`/api/admin/members/${id}/ledger`, {
        query: { cursor: pageParam },
        response: 'adminLedgerResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
