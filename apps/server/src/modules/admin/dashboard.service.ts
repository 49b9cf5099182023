// The console's dashboard: per-day counts of the last 30 UTC days (signups, activations, purchases with revenue per
// currency, messages), for every site or one, each series read through its owner (accounts, payments, chats).
import type { Database } from '../../db/client.ts';
import { countAccountsByDay } from '../accounts/index.ts';
import { countMessagesByDay } from '../chats/index.ts';
import { countPaidOrdersByDay } from '../payments/index.ts';

const DASHBOARD_DAYS = 30;

export function createAdminDashboardService(deps: { db: Database; now: () => Date }) {
  const { db } = deps;
  return {
    /** The last 30 UTC days, oldest first, every day present: one grouped query per series. */
    async dashboard(query: { site?: number }) {
      const today = new Date(Date.UTC(deps.now().getUTCFullYear(), deps.now().getUTCMonth(), deps.now().getUTCDate()));
      const from = new Date(today.getTime() - (DASHBOARD_DAYS - 1) * 86_400_000);
      const siteId = query.site;
      const [signups, activations, purchases, messagesPerDay] = await Promise.all([
        countAccountsByDay(db, { event: 'signups', from, siteId }),
        countAccountsByDay(db, { event: 'activations', from, siteId }),
        countPaidOrdersByDay(db, { from, siteId }),
        countMessagesByDay(db, { from, siteId }),
      ]);
      const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) =>
        new Date(from.getTime() + index * 86_400_000).toISOString().slice(0, 10),
      );
      const byDay = (rows: { day: string; count: number }[]) => new Map(rows.map((row) => [row.day, row.count]));
      const signupsBy = byDay(signups);
      const activationsBy = byDay(activations);
      const messagesBy = byDay(messagesPerDay);
      return {
        days: days.map((key) => {
          const paid = purchases.filter((row) => row.day === key);
          return {
            day: key,
            signups: signupsBy.get(key) ?? 0,
            activations: activationsBy.get(key) ?? 0,
            purchases: paid.reduce((sum, row) => sum + row.count, 0),
            messages: messagesBy.get(key) ?? 0,
            revenue: Object.fromEntries(paid.map((row) => [row.currency, row.amount])),
          };
        }),
      };
    },
  };
}
export type AdminDashboardService = ReturnType<typeof createAdminDashboardService>;
