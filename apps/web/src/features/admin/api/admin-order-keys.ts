// The query keys of the console's operations (all under adminKeys.all, so a logout forgets them).
import { adminKeys } from './admin-keys.ts';
import type { OrderStatus } from './order-status.ts';

export const adminOrderKeys = {
  all: [...adminKeys.all, 'orders'] as const,
  list: (status: OrderStatus | '') => [...adminOrderKeys.all, status] as const,
  detail: (id: number) => [...adminKeys.all, 'order', id] as const,
};
