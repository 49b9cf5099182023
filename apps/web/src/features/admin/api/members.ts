// Member search of the console: GET /api/admin/members?q= (e-mail prefix, id, or name prefix), keyset pages.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BanReason } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** The search lists under `all`; one member's data under `detail(id)` (a member action refreshes both). */
export const adminMemberKeys = {
  all: [...adminKeys.all, 'members'] as const,
  list: (q: string) => [...adminMemberKeys.all, q] as const,
  detail: (id: number) => [...adminKeys.all, 'member', id] as const,
  ledger: (id: number) => [...adminMemberKeys.detail(id), 'ledger'] as const,
  photos: (id: number) => [...adminMemberKeys.detail(id), 'photos'] as const,
  orders: (id: number) => [...adminMemberKeys.detail(id), 'orders'] as const,
  reports: (id: number, direction: 'received' | 'made') =>
    [...adminMemberKeys.detail(id), 'reports', direction] as const,
};

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

export function useAdminMember(id: number) {
  return useQuery({
    queryKey: adminMemberKeys.detail(id),
    queryFn: () => apiRequest(`/api/admin/members/${id}`, { response: 'adminMemberResponseSchema' }),
  });
}

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

/** Suspend, ban, unban, force logout, credit adjustment: each refreshes the member (and the search list). */
export type MemberAction =
  | { kind: 'ban'; body: { reason: BanReason; note?: string } }
  | { kind: 'suspend'; body: { reason: BanReason; until: string; note?: string } }
  | { kind: 'unban'; body: { note?: string } }
  | { kind: 'logout'; body: Record<string, never> }
  | { kind: 'credits'; body: { amount: number; note: string } };

export function useMemberAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MemberAction) =>
      apiRequest(`/api/admin/members/${id}/${action.kind}`, { method: 'POST', body: action.body }),
    onSuccess: () =>
      queryClient
        .invalidateQueries({ queryKey: adminMemberKeys.detail(id) })
        .then(() => queryClient.invalidateQueries({ queryKey: adminMemberKeys.all })),
  });
}

/** All of the member's photos at once: a member has a bounded number of them. */
export function useAdminMemberPhotos(id: number) {
  return useQuery({
    queryKey: adminMemberKeys.photos(id),
    queryFn: () => apiRequest(`/api/admin/members/${id}/photos`, { response: 'adminPhotosListResponseSchema' }),
  });
}

export function useAdminMemberOrders(id: number) {
  return useInfiniteQuery({
    queryKey: adminMemberKeys.orders(id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest(`/api/admin/members/${id}/orders`, {
        query: { cursor: pageParam },
        response: 'adminOrdersResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useAdminMemberReports(id: number, direction: 'received' | 'made') {
  return useInfiniteQuery({
    queryKey: adminMemberKeys.reports(id, direction),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest(`/api/admin/members/${id}/reports`, {
        query: { direction, cursor: pageParam },
        response: 'adminReportsResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
