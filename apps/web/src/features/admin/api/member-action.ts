// POST /api/admin/members/:id/ban, /suspend, /unban …: useMemberAction (the console's members).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BanReason } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminMemberKeys } from './admin-member-keys.ts';

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
