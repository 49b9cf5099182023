// The query keys of the console's members (all under adminKeys.all, so a logout forgets them).
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
