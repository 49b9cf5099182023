// The console's dashboard: per-day counts of the last 30 UTC days (signups, activations, purchases with revenue per
// currency, messages), for every site or one.
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messages, orders, users } from '../../db/schema/index.ts';

const DASHBOARD_DAYS = 30;

/**
 * The first message id written at or after `from`: messages has no index on created_at, but ids grow with time,
 * so a binary search over the primary key finds the boundary in about 40 lookups, and the count reads only the
 * period's rows by id range.
 */
async function firstMessageIdSince(db: Database, from: Date): Promise<number> {
  const [bounds] = await db.select({ max: sql<number | null>`max(${messages.id})`.mapWith(Number) }).from(messages);
  let low = 1;
  let high = (bounds?.max ?? 0) + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const [row] = await db
      .select({ id: messages.id, createdAt: messages.createdAt })
      .from(messages)
      .where(gte(messages.id, middle))
      .orderBy(asc(messages.id))
      .limit(1);
    if (!row || row.createdAt >= from) high = middle;
    else low = row.id + 1;
  }
  return low;
}

export function createAdminDashboardService(deps: { db: Database; now: () => Date }) {
  const { db } = deps;
  return {
    /** The last 30 UTC days, oldest first, every day present: one grouped query per series. */
    async dashboard(query: { site?: number }) {
      const today = new Date(Date.UTC(deps.now().getUTCFullYear(), deps.now().getUTCMonth(), deps.now().getUTCDate()));
      const from = new Date(today.getTime() - (DASHBOARD_DAYS - 1) * 86_400_000);
      const day = (column: Parameters<typeof gte>[0]) =>
        sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
      const siteOfUsers = query.site ? eq(users.siteId, query.site) : undefined;
      const [signups, activations, purchases, messagesPerDay] = await Promise.all([
        db
          .select({ day: day(users.createdAt), count: sql<number>`count(*)`.mapWith(Number) })
          .from(users)
          .where(and(gte(users.createdAt, from), siteOfUsers))
          .groupBy(sql`1`),
        db
          .select({ day: day(users.activatedAt), count: sql<number>`count(*)`.mapWith(Number) })
          .from(users)
          .where(and(gte(users.activatedAt, from), siteOfUsers))
          .groupBy(sql`1`),
        db
          .select({
            day: day(orders.paidAt),
            currency: orders.currency,
            count: sql<number>`count(*)`.mapWith(Number),
            amount: sql<number>`sum(${orders.amountMinor})`.mapWith(Number),
          })
          .from(orders)
          .where(and(gte(orders.paidAt, from), query.site ? eq(orders.siteId, query.site) : undefined))
          .groupBy(sql`1`, orders.currency),
        firstMessageIdSince(db, from).then((firstId) =>
          db
            .select({ day: day(messages.createdAt), count: sql<number>`count(*)`.mapWith(Number) })
            .from(messages)
            .where(
              and(
                gte(messages.id, firstId),
                query.site
                  ? sql`exists (select 1 from profiles p where p.id = ${messages.senderProfileId} and p.site_id = ${query.site})`
                  : undefined,
              ),
            )
            .groupBy(sql`1`),
        ),
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
