// Traffic report benchmark (docs/traffic.md, "Reports"): a 30-day report over 1,000,000 visits and 100,000 members
// on PostgreSQL, per grouping, beside a bare indexed count over the same days of the same tables, in one run.
// BENCH_DATABASE_URL (default the local `test` database: its tables are emptied), BENCH_VISITS (1,000,000),
// BENCH_MEMBERS (100,000), BENCH_RUNS (9). `npm run bench -- traffic-report`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { TRAFFIC_REPORT_GROUPS } from '@app/contracts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { resetDatabase } from '../../apps/server/src/test-support/test-app.ts';
import { median } from '../support/processes.ts';
import type { Services } from '../../apps/server/src/services.ts';

/** The app's decorations (app.services) come with its type. */
export type Decorations = [Services];

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const VISITS = Number(process.env.BENCH_VISITS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
/** The data spans 90 days ending today; the report asks for the last 30. */
const DAYS = 90;
const TARGET_MS = 200;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-traffic-report-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  DATABASE_URL,
});
let app = await buildApp(config, { serveWeb: false });
await resetDatabase(app.db);
await app.close();
app = await buildApp(config, { serveWeb: false });
await app.ready();
const { db } = app;
const site = await app.sites.resolve('');

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

console.log(`filling: ${VISITS} visits over ${DAYS} days, ${MEMBERS} members with their events…`);
const fill = await timed(async () => {
  // Visits: five networks, 200 affiliates, 50 sub ids, 20 campaigns, five landers with two variants, member landings,
  // each drawn on its own (the worst case for the day roll-ups: few visits share a key).
  await db.execute(sql`
    insert into traffic_visits (visitor_id, site_id, day, network, ref, sub1, utm_campaign, click_id, click_kind,
      lander, variant, landing_member_id, path, created_at)
    select gen_random_uuid(), ${site.id}, (current_date - (n % ${DAYS}))::date,
      case when n % 10 = 0 then null else 'net' || floor(random() * 5) end,
      'aff' || floor(random() * 200), 's' || floor(random() * 50), 'campaign' || floor(random() * 20), md5(n::text),
      'gclid', (array['gallery','video','tinderswipe','collagelanding','maplanding'])[1 + floor(random() * 5)::int],
      case when random() < 0.5 then 'b' else 'a' end,
      case when random() < 0.1 then 1 + floor(random() * 1000) else null end,
      '/landers/gallery', now() - (n % ${DAYS}) * interval '1 day'
    from generate_series(1, ${VISITS}) n`);
  // The day roll-ups as the visit writer keeps them (every visit a new visitor here).
  await db.execute(sql`
    insert into traffic_daily (grouping, day, site_id, key, visits, visitors)
    select grouping, day, site_id, key, count(*), count(*)
    from traffic_visits
    cross join lateral (values ('', ''), ('network', coalesce(network, '')), ('ref', coalesce(ref, '')),
      ('sub1', coalesce(sub1, '')), ('campaign', coalesce(utm_campaign, '')), ('lander', coalesce(lander, '')),
      ('variant', case when variant is null then '' else coalesce(lander, '') || ':' || variant end),
      ('member', coalesce(landing_member_id::text, ''))) g(grouping, key)
    group by 1, 2, 3, 4`);
  await db.execute(sql`
    insert into users (site_id, email, password_hash, status, created_at)
    select ${site.id}, 'bench' || n || '@example.com', 'x', 'active', now() from generate_series(1, ${MEMBERS}) n`);
  // Each member's signup, activation for 80 %, purchases for 10 % (two each), refunds for 1 %, with their source.
  const source = sql`'net' || (u.id % 5), 'aff' || (u.id * 7 % 200), 's' || (u.id * 13 % 50),
    'campaign' || (u.id * 11 % 20), (array['gallery','video','tinderswipe','collagelanding','maplanding'])[1 + u.id * 3 % 5],
    case when u.id % 2 = 0 then 'b' else 'a' end`;
  await db.execute(sql`
    insert into traffic_events (site_id, user_id, kind, cause_key, is_first, amount_minor, currency, payout_minor,
      payout_currency, day, network, ref, sub1, campaign, lander, variant, created_at)
    select ${site.id}, u.id, kind, kind || ':' || u.id || ':' || k, k = 1,
      case when kind in ('purchase', 'refund') then 995 else 0 end, 'EUR',
      case when kind = 'signup' then 150 when kind = 'purchase' then 199 when kind = 'refund' then -199 else 0 end, 'EUR',
      (current_date - (u.id % ${DAYS}))::date, ${source}, now()
    from users u
    cross join lateral (values ('signup', 1), ('activation', 1), ('purchase', 1), ('purchase', 2), ('refund', 1)) e(kind, k)
    where u.site_id = ${site.id} and (kind = 'signup' or (kind = 'activation' and u.id % 5 <> 0)
      or (kind = 'purchase' and u.id % 10 = 0) or (kind = 'refund' and u.id % 100 = 0))`);
  await db.execute(sql`analyze`);
});
const counts = (await db.execute(sql`
  select (select count(*) from traffic_visits) as visits, (select count(*) from traffic_daily) as daily,
    (select count(*) from traffic_events) as events`)) as unknown as { rows: Record<string, string>[] };
console.log(`filled in ${(fill / 1000).toFixed(1)} s: ${JSON.stringify(counts.rows[0])}`);

const to = new Date().toISOString().slice(0, 10);
const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
// The floor: a bare indexed count of the same days in the same tables (what the report cannot do with less).
const floor = async () => {
  await db.execute(
    sql`select count(*) from traffic_daily where grouping = '' and day between ${from}::date and ${to}::date`,
  );
  await db.execute(sql`select count(*) from traffic_events where day between ${from}::date and ${to}::date`);
};
await floor();
const floorRuns: number[] = [];
for (let run = 0; run < RUNS; run += 1) floorRuns.push(await timed(floor));
const floorMedian = median(floorRuns);

console.log(
  `\n30 days (${from} to ${to}), median of ${RUNS} runs each, on PostgreSQL; load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
console.log('| report by | ms | rows | ratio to the bare count | within 200 ms |');
console.log('|---|---|---|---|---|');
console.log(`| (bare indexed count of the same days) | ${floorMedian.toFixed(1)} | – | 1.00 | – |`);
for (const by of TRAFFIC_REPORT_GROUPS) {
  await app.services.traffic.report.report(by, { from, to });
  const runs: number[] = [];
  let rows = 0;
  for (let run = 0; run < RUNS; run += 1)
    runs.push(
      await timed(async () => {
        rows = (await app.services.traffic.report.report(by, { from, to })).rows.length;
      }),
    );
  const ms = median(runs);
  console.log(
    `| ${by} | ${ms.toFixed(1)} | ${rows} | ${(ms / floorMedian).toFixed(2)} | ${ms <= TARGET_MS ? 'yes' : 'NO'} |`,
  );
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
