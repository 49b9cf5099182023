// An order's status, as the console's order list filters by it.
import type { ORDER_STATUSES } from '@app/contracts';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
