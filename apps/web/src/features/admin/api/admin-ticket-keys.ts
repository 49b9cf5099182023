// The query keys of the console's operations (all under adminKeys.all, so a logout forgets them).
import { adminKeys } from './admin-keys.ts';
import type { TicketStatus } from './ticket-status.ts';

/** Lists under `all` (refreshed after an action), one ticket or order by its own key (set from the action's answer). */
export const adminTicketKeys = {
  all: [...adminKeys.all, 'tickets'] as const,
  list: (status: TicketStatus) => [...adminTicketKeys.all, status] as const,
  detail: (id: number) => [...adminKeys.all, 'ticket', id] as const,
};
