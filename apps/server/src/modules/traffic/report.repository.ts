// The traffic report's queries (docs/traffic.md, "Reports"): visits and new visitors from the day roll-ups, events
// from the events table, both grouped by one source column over a range of site-local days (each an index range scan:
// traffic_daily's primary key and traffic_events_day_idx both start with the day).
import { sql, type SQL } from 'drizzle-orm';
import type { TrafficReportGroup } from '@app/contracts';
import type { Executor } from '../../db/client.ts';

export type ReportRange = { from: string; to: string; siteId?: number };

/** The group's key as text ('' for none); the same expression works on both tables (same column names). */
function groupKey(by: TrafficReportGroup): SQL {
  switch (by) {
    case 'site':
      return sql`site_id::text`;
    case 'member':
      return sql`case when member_id = 0 then '' else member_id::text end`;
    case 'variant':
      return sql`case when variant = '' then '' else lander || ':' || variant end`;
    default:
      return sql.raw(by);
  }
}

const rangeWhere = (range: ReportRange) =>
  sql`day between ${range.from}::date and ${range.to}::date${range.siteId ? sql` and site_id = ${range.siteId}` : sql``}`;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

export function createReportRepository(db: Executor) {
  return {
    async visitsBy(by: TrafficReportGroup, range: ReportRange) {
      return rowsOf<{ key: string; visits: string | number; visitors: string | number }>(
        await db.execute(sql`
          select ${groupKey(by)} as key, sum(visits) as visits, sum(visitors) as visitors
          from traffic_daily where ${rangeWhere(range)} group by 1`),
      );
    },
    /** Counts per group: signups, activations, and buyers (members with a purchase; a deleted member by event). */
    async countsBy(by: TrafficReportGroup, range: ReportRange) {
      return rowsOf<{ key: string; signups: string | number; activations: string | number; buyers: string | number }>(
        await db.execute(sql`
          select ${groupKey(by)} as key,
            count(*) filter (where kind = 'signup') as signups,
            count(*) filter (where kind = 'activation') as activations,
            count(distinct coalesce(user_id::text, 'event:' || id)) filter (where kind = 'purchase') as buyers
          from traffic_events where ${rangeWhere(range)} group by 1`),
      );
    },
    /** Money per group and currency: revenue (purchases), refunds (refunds and chargebacks), payouts (every event). */
    async moneyBy(by: TrafficReportGroup, range: ReportRange) {
      return rowsOf<{
        key: string;
        kind: 'revenue' | 'refunds' | 'payouts';
        currency: string;
        amount: string | number;
      }>(
        await db.execute(sql`
          select key, kind, currency, sum(amount) as amount from (
            select ${groupKey(by)} as key,
              case when kind = 'purchase' then 'revenue' else 'refunds' end as kind,
              currency, amount_minor as amount
            from traffic_events
            where ${rangeWhere(range)} and kind in ('purchase', 'refund', 'chargeback') and currency is not null
            union all
            select ${groupKey(by)} as key, 'payouts' as kind, payout_currency as currency, payout_minor as amount
            from traffic_events
            where ${rangeWhere(range)} and payout_minor <> 0 and payout_currency is not null
          ) money group by 1, 2, 3`),
      );
    },
    /** The day chart: visits, signups and buyers per day. */
    async days(range: ReportRange) {
      const visits = rowsOf<{ day: string; visits: string | number }>(
        await db.execute(sql`
          select to_char(day, 'YYYY-MM-DD') as day, sum(visits) as visits
          from traffic_daily where ${rangeWhere(range)} group by 1`),
      );
      const events = rowsOf<{ day: string; signups: string | number; buyers: string | number }>(
        await db.execute(sql`
          select to_char(day, 'YYYY-MM-DD') as day,
            count(*) filter (where kind = 'signup') as signups,
            count(distinct coalesce(user_id::text, 'event:' || id)) filter (where kind = 'purchase') as buyers
          from traffic_events where ${rangeWhere(range)} group by 1`),
      );
      return { visits, events };
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
