// The traffic report's queries (docs/traffic.md, "Reports"): visits and new visitors from the day roll-ups of the
// report's grouping (a few rows per day whatever the traffic), events in one pass over the period's events (its
// counts, money and days as grouping sets). Both are index range scans: traffic_daily's key starts with the grouping
// and the day, traffic_events_day_idx with the day.
import { sql, type SQL } from 'drizzle-orm';
import type { TrafficReportGroup } from '@app/contracts';
import type { Executor } from '../../db/client.ts';

export type ReportRange = { from: string; to: string; siteId?: number };

/** An event's key in the grouping, as the visit writer keys its roll-ups (traffic.repository.ts, groupKeysOf). */
function eventKey(by: TrafficReportGroup): SQL {
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

const inRange = (range: ReportRange) =>
  sql`day between ${range.from}::date and ${range.to}::date${range.siteId ? sql` and site_id = ${range.siteId}` : sql``}`;

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
type Count = string | number;

export type EventFigures = {
  /** 0: by key (counts and buyers), 1: by key and currencies (money), 2: by day. */
  set: number;
  key: string | null;
  day: string | null;
  currency: string | null;
  payout_currency: string | null;
  signups: Count;
  activations: Count;
  buyers: Count;
  revenue: Count | null;
  refunds: Count | null;
  payouts: Count | null;
};

export function createReportRepository(db: Executor) {
  return {
    /** Visits and new visitors per key of the grouping, and per day (the site as a whole). */
    async visits(by: TrafficReportGroup, range: ReportRange) {
      const grouping = by === 'site' ? '' : by;
      const key = by === 'site' ? sql`site_id::text` : sql`key`;
      return rowsOf<{ key: string | null; day: string | null; visits: Count; visitors: Count }>(
        await db.execute(sql`
          select ${key} as key, null as day, sum(visits) as visits, sum(visitors) as visitors
          from traffic_daily where grouping = ${grouping} and ${inRange(range)} group by 1
          union all
          select null, to_char(day, 'YYYY-MM-DD'), sum(visits), sum(visitors)
          from traffic_daily where grouping = '' and ${inRange(range)} group by 2`),
      );
    },
    /**
     * The period's events in one pass: per key its signups, activations and buyers (members with a purchase; a
     * forgotten member counts once per purchase), per key and currency its revenue, refunds (refunds and chargebacks)
     * and payouts, per day its signups and buyers.
     */
    async events(by: TrafficReportGroup, range: ReportRange): Promise<EventFigures[]> {
      return rowsOf<EventFigures>(
        await db.execute(sql`
          select case grouping(key, currency, payout_currency, day) when 7 then 0 when 1 then 1 else 2 end as set,
            key, to_char(day, 'YYYY-MM-DD') as day, currency, payout_currency,
            count(*) filter (where kind = 'signup') as signups,
            count(*) filter (where kind = 'activation') as activations,
            count(distinct user_id) filter (where kind = 'purchase')
              + count(*) filter (where kind = 'purchase' and user_id is null) as buyers,
            sum(amount_minor) filter (where kind = 'purchase') as revenue,
            sum(amount_minor) filter (where kind in ('refund', 'chargeback')) as refunds,
            sum(payout_minor) as payouts
          from (
            select ${eventKey(by)} as key, day, kind, user_id, amount_minor, payout_minor,
              coalesce(currency, '') as currency, coalesce(payout_currency, '') as payout_currency
            from traffic_events where ${inRange(range)}
          ) events
          group by grouping sets ((key), (key, currency, payout_currency), (day))`),
      );
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
