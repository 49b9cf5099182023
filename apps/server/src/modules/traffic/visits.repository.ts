// Visits: written in batches with their day roll-ups.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { groupKeysOf, type BufferedVisit, type NewVisit } from './traffic-rows.ts';

export function createVisitsRepository(db: Executor) {
  return {
    /**
     * A batch of visits in one transaction: the visits, and the day roll-ups (one upsert per key, in key order so
     * concurrent writers never wait on each other in a cycle). Each statement takes its rows as one array per column
     * (unnest): the same few parameters and the same text for any batch, so parsing and planning cost nothing as
     * batches grow (a multi-row VALUES of 23 columns binds thousands of parameters and plans anew for every size).
     */
    async insertVisits(batch: readonly BufferedVisit[]): Promise<void> {
      if (batch.length === 0) return;
      const array = (values: readonly unknown[]) => sql.param(values);
      const column = <K extends keyof NewVisit>(key: K) => array(batch.map(({ visit }) => visit[key] ?? null));
      const daily = new Map<
        string,
        { grouping: string; day: string; siteId: number; key: string; visits: number; visitors: number }
      >();
      for (const { visit, isNewVisitor } of batch)
        for (const [grouping, key] of groupKeysOf(visit)) {
          const name = `${grouping}\n${visit.day}\n${visit.siteId}\n${key}`;
          const row = daily.get(name) ?? {
            grouping,
            day: visit.day,
            siteId: visit.siteId,
            key,
            visits: 0,
            visitors: 0,
          };
          row.visits += 1;
          if (isNewVisitor) row.visitors += 1;
          daily.set(name, row);
        }
      const rows = [...daily.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
      const of = <K extends keyof (typeof rows)[number]>(key: K) => array(rows.map((row) => row[key]));
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into traffic_visits (visitor_id, site_id, day, network, network_id, ref, sub1, sub2, sub3,
            utm_source, utm_medium, utm_campaign, utm_content, utm_term, click_id, click_kind, lander, variant,
            landing_member_id, referrer_host, country, path, created_at)
          select * from unnest(
            ${array(batch.map(({ visitorId }) => visitorId))}::uuid[],
            ${column('siteId')}::int[], ${column('day')}::date[], ${column('network')}::text[],
            ${column('networkId')}::int[], ${column('ref')}::text[], ${column('sub1')}::text[], ${column('sub2')}::text[],
            ${column('sub3')}::text[], ${column('utmSource')}::text[], ${column('utmMedium')}::text[],
            ${column('utmCampaign')}::text[], ${column('utmContent')}::text[], ${column('utmTerm')}::text[],
            ${column('clickId')}::text[], ${column('clickKind')}::text[], ${column('lander')}::text[],
            ${column('variant')}::text[], ${column('landingMemberId')}::int[], ${column('referrerHost')}::text[],
            ${column('country')}::text[], ${column('path')}::text[],
            ${array(batch.map(({ visit }) => visit.createdAt.toISOString()))}::timestamptz[])`);
        await tx.execute(sql`
          insert into traffic_daily (grouping, day, site_id, key, visits, visitors)
          select * from unnest(${of('grouping')}::text[], ${of('day')}::date[], ${of('siteId')}::int[],
            ${of('key')}::text[], ${of('visits')}::int[], ${of('visitors')}::int[])
          on conflict (grouping, day, site_id, key) do update set
            visits = traffic_daily.visits + excluded.visits, visitors = traffic_daily.visitors + excluded.visitors`);
      });
    },
  };
}
