// A staff login or logout forgets every console query but the staff member's own.
import { adminKeys } from './admin-keys.ts';
import { staffKeys } from './staff-keys.ts';

/** Everything a previous staff session loaded (not `me` itself: its screen observes it). */
export const forgetConsoleData = {
  queryKey: adminKeys.all,
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== staffKeys.me[1],
};
