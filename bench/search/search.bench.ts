// Search benchmark: 100,000 members in a fresh embedded database; first page and page 50 of a filtered search (relevance order) against a primary-key lookup.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openMigratedDatabase } from '../../apps/server/src/db/client.ts';
import { sites, type SiteRow } from '../../apps/server/src/db/schema/index.ts';
import { createSearchRepository } from '../../apps/server/src/modules/search/search.repository.ts';
import { SEARCH_COUNT_TTL_MS, createSearchService } from '../../apps/server/src/modules/search/search.service.ts';
import { createCursorCodec } from '../../apps/server/src/lib/cursors.ts';
import {
  POSITION_CURSOR_TYPES,
  positionCursorValues,
  positionFromCursor,
  relevancePhases,
} from '../../apps/server/src/modules/member-core/index.ts';
import { defaultSiteValues } from '../../apps/server/src/plugins/site/index.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const WARMUP = 30;
const TARGET_PAGE = 50;
const TARGET_RATIO = 1.5;
const QUERY = { gender: 'female' as const, country: 'NL', min_age: 25, max_age: 45 };
/** No country filter: read near the searcher (NL, Noord-Holland) in phases, photo x location tier. */
const NEAR_QUERY = { gender: 'female' as const, min_age: 25, max_age: 45 };
const OTHER_COUNTRIES = [
  'BE',
  'DE',
  'AT',
  'CH',
  'FR',
  'IT',
  'ES',
  'PL',
  'DK',
  'FI',
  'NO',
  'SE',
  'GB',
  'IE',
  'US',
  'CA',
  'AU',
  'NZ',
];
const NL_REGIONS = ['DR', 'FL', 'FR', 'GE', 'GR', 'LI', 'NB', 'NH', 'OV', 'UT', 'ZE', 'ZH'];

const textArray = (values: string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(',')}]`);

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function main() {
  const started = performance.now();
  // `--postgres` with BENCH_DATABASE_URL runs the same on PostgreSQL (its tables are emptied first).
  const databaseUrl = process.argv.includes('--postgres') ? process.env.BENCH_DATABASE_URL : undefined;
  const handle = await openMigratedDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
  const { db } = handle;
  if (databaseUrl) await db.execute(sql`truncate sites, users, profiles, photos, blocks restart identity cascade`);
  const [site] = (await db.insert(sites).values(defaultSiteValues()).returning()) as [SiteRow];

  // Seed with set-based SQL: 100,000 accounts, their profiles (25% in NL, last active within 120 days,
  // most of them lately), a main photo for 85% (the trigger sets has_photo), 0.5% pending deletion,
  // 2% disabled, 2.5% invisible, and some blocks around the searcher.
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into users (site_id, email, password_hash, status, language, signup_step, activated_at, created_at)
    select ${site.id}, 'bench' || i || '@example.com', 'x', case when i % 200 = 0 then 'deleted_pending' else 'active' end, 'en', 5, now(), now()
    from generate_series(1, ${MEMBERS}) as i`);
  await db.execute(sql`
    insert into profiles (site_id, user_id, name, status, gender, sexuality, date_of_birth, country, region, is_invisible, last_active_day)
    select ${site.id}, u.id, 'Member' || u.id,
      case when u.id % 50 = 0 then 'disabled' else 'active' end,
      case when r.g < 0.55 then 'female' else 'male' end,
      (array['hetero','hetero','hetero','hetero','bi','gay'])[1 + floor(r.s * 6)::int],
      (current_date - (floor((18 + r.a * 52) * 365.25))::int)::date,
      case when r.c < 0.25 then 'NL' else (${textArray(OTHER_COUNTRIES)})[1 + floor(r.o * ${OTHER_COUNTRIES.length})::int] end,
      case when r.c < 0.25 then (${textArray(NL_REGIONS)})[1 + floor(r.o * ${NL_REGIONS.length})::int] else null end,
      u.id % 40 = 0,
      current_date - floor(r.d * r.d * 120)::int
    from (select id, random() as g, random() as s, random() as a, random() as c, random() as o, random() as d from users order by id) as u
    cross join lateral (select u.g, u.s, u.a, u.c, u.o, u.d) as r`);
  await db.execute(sql`
    insert into photos (profile_id, file_key, thumb_key, width, height, is_main)
    select id, 'photos/bench/' || id || '.jpg', 'photos/bench/' || id || '_thumb.jpg', 640, 640, true from profiles where random() < 0.85`);
  const viewerProfileId = 1;
  await db.execute(sql`
    insert into blocks (profile_id, blocked_profile_id)
    select ${viewerProfileId}, id from profiles where country = 'NL' and id between 2 and 400 and id % 7 = 0
    union all select id, ${viewerProfileId} from profiles where country = 'NL' and id between 401 and 900 and id % 9 = 0`);
  await db.execute(sql`vacuum analyze`);
  const seededMs = performance.now() - started;

  const repository = createSearchRepository(db);
  const now = new Date();
  const cursors = createCursorCodec(randomBytes(32));
  // The viewer has no town: no distances (the benchmark measures the queries).
  const search = createSearchService({ searchRepository: repository, cursors, locate: () => null, now: () => now });
  // The same search whose clock moves past the count's keeping time at each call: every first page counts afresh.
  let later = now.getTime();
  const searchCounting = createSearchService({
    searchRepository: repository,
    cursors,
    locate: () => null,
    now: () => new Date((later += SEARCH_COUNT_TTL_MS)),
  });
  const context = {
    viewer: { profileId: viewerProfileId, gender: 'male' as const, country: 'NL', region: 'NH' },
    site,
    hasTracking: false,
  };

  // The cursor of page 50, reached by following next_cursor from page 1.
  async function cursorOfPage(query: typeof QUERY | typeof NEAR_QUERY, target: number): Promise<string> {
    let cursor: string | null = null;
    for (let page = 1; page < target; page++) {
      const response = await search.search(context, { ...query, ...(cursor ? { cursor } : {}) });
      if (!response.next_cursor) throw new Error(`the filter matches fewer than ${target} pages`);
      cursor = response.next_cursor;
    }
    return cursor!;
  }
  const pageFiftyCursor = await cursorOfPage(QUERY, TARGET_PAGE);
  const nearPageFiftyCursor = await cursorOfPage(NEAR_QUERY, TARGET_PAGE);
  const first = await search.search(context, QUERY);
  const fiftieth = await search.search(context, { ...QUERY, cursor: pageFiftyCursor });
  if (fiftieth.results.length !== 20) throw new Error('page 50 is not full');

  const ids = Array.from({ length: 997 }, (_, index) => 1 + ((index * 7919) % MEMBERS));
  const measures = {
    'primary-key lookup (card by id)': async (iteration: number) =>
      repository.findCards([ids[iteration % ids.length]!]),
    'search page 1 (counted afresh)': async () => searchCounting.search(context, QUERY),
    'search page 1 (with count)': async () => search.search(context, QUERY),
    'search page 1 (rows only)': async () => search.search(context, { ...QUERY, cursor: encodeFirstPage() }),
    [`search page ${TARGET_PAGE}`]: async () => search.search(context, { ...QUERY, cursor: pageFiftyCursor }),
    'near-you search page 1 (with count)': async () => search.search(context, NEAR_QUERY),
    [`near-you search page ${TARGET_PAGE}`]: async () =>
      search.search(context, { ...NEAR_QUERY, cursor: nearPageFiftyCursor }),
  };
  // A cursor before the first result (photo, a day in the future, the largest id) is page 1 without the count (what every later page costs).
  function encodeFirstPage() {
    return cursors.encode('search', [
      0,
      ...positionCursorValues('all', { hasPhoto: true, lastActiveDay: '9999-12-31', id: 2 ** 31 - 1 }),
    ]);
  }
  const timings = new Map<string, number[]>(Object.keys(measures).map((name) => [name, []]));
  for (let iteration = 0; iteration < WARMUP + ITERATIONS; iteration++) {
    // Interleaved, so drift (GC, caches) hits every measure alike.
    for (const [name, run] of Object.entries(measures)) {
      const start = performance.now();
      await run(iteration);
      const elapsed = performance.now() - start;
      if (iteration >= WARMUP) timings.get(name)!.push(elapsed);
    }
  }

  const stats = new Map(
    [...timings].map(([name, values]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return [name, { median: percentile(sorted, 50), p99: percentile(sorted, 99) }];
    }),
  );
  const baseline = stats.get('primary-key lookup (card by id)')!;
  const [countRow] = (
    (await db.execute(sql`select count(*)::int as n from profiles`)) as unknown as { rows: { n: number }[] }
  ).rows;
  console.log(
    `Database: ${handle.kind}; ${countRow?.n} members seeded in ${(seededMs / 1000).toFixed(1)} s; ${ITERATIONS} runs each after ${WARMUP} warm-up runs.`,
  );
  console.log(
    `Filter: gender=female country=NL age 25-45 -> ${first.num_results}${first.is_num_results_capped ? '+' : ''} matches (count capped), 20 per page, in relevance order (photo, activity day, newest).`,
  );
  console.log('');
  console.log('measure                              median ms   p99 ms   median/PK   p99/PK');
  for (const [name, value] of stats) {
    console.log(
      `${name.padEnd(36)} ${value.median.toFixed(3).padStart(9)} ${value.p99.toFixed(3).padStart(8)} ${(value.median / baseline.median).toFixed(2).padStart(10)}x ${(value.p99 / baseline.p99).toFixed(2).padStart(7)}x`,
    );
  }
  const pageOne = stats.get('search page 1 (with count)')!;
  const pageOneRows = stats.get('search page 1 (rows only)')!;
  const pageFifty = stats.get(`search page ${TARGET_PAGE}`)!;
  const medianRatio = pageFifty.median / pageOne.median;
  const p99Ratio = pageFifty.p99 / pageOne.p99;
  console.log('');
  console.log(
    `Page ${TARGET_PAGE} / page 1: median ${medianRatio.toFixed(2)}x, p99 ${p99Ratio.toFixed(2)}x -> ${medianRatio <= TARGET_RATIO && p99Ratio <= TARGET_RATIO ? 'within' : 'NOT within'} ${TARGET_RATIO}x of page 1.`,
  );
  console.log(
    `Page ${TARGET_PAGE} / page 1 without its count: median ${(pageFifty.median / pageOneRows.median).toFixed(2)}x, p99 ${(pageFifty.p99 / pageOneRows.p99).toFixed(2)}x (keyset: no page gets slower the deeper it is).`,
  );
  const nearOne = stats.get('near-you search page 1 (with count)')!;
  const nearFifty = stats.get(`near-you search page ${TARGET_PAGE}`)!;
  console.log(
    `Near-you page ${TARGET_PAGE} / page 1 (no country filter, read in phases): median ${(nearFifty.median / nearOne.median).toFixed(2)}x, p99 ${(nearFifty.p99 / nearOne.p99).toFixed(2)}x.`,
  );

  if (process.argv.includes('--explain')) {
    const [, ...position] = cursors.decode('search', pageFiftyCursor, `n${POSITION_CURSOR_TYPES}`);
    const query = repository.pageSql(
      {
        siteId: site.id,
        viewerProfileId,
        gender: QUERY.gender,
        country: QUERY.country,
        region: null,
        minAge: QUERY.min_age,
        maxAge: QUERY.max_age,
        now,
        near: null,
      },
      relevancePhases(null),
      positionFromCursor(position),
      21,
    );
    // Parameters inlined so EXPLAIN can run the statement as the app does.
    const { rows } = (await db.execute(sql.raw(`explain analyze ${query.inlined}`))) as unknown as {
      rows: Record<string, string>[];
    };
    const plan = rows.map((row) => Object.values(row)[0]).join('\n');
    console.log(`\nPlan of page ${TARGET_PAGE}:\n${plan}`);
    console.log(
      /\bSort\b/.test(plan)
        ? 'The plan SORTS: the relevance order is not read from an index.'
        : 'No sort step: the relevance order is read from the index.',
    );
  }
  if (databaseUrl && process.argv.includes('--plans'))
    await comparePlans(databaseUrl, repository, { siteId: site.id, viewerProfileId, now });
  await handle.close();
}

/**
 * Generic against custom plans on skewed data (PostgreSQL): the page-1 statement of a common country (NL, 25 %),
 * a rare one (NZ, about 4 %) and one nobody lives in (LU), run as one prepared statement under each plan_cache_mode.
 */
async function comparePlans(
  databaseUrl: string,
  repository: ReturnType<typeof createSearchRepository>,
  base: { siteId: number; viewerProfileId: number; now: Date },
) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const criteriaOf = (country: string) => ({
    ...base,
    gender: QUERY.gender,
    country,
    region: null,
    minAge: QUERY.min_age,
    maxAge: QUERY.max_age,
    near: null,
  });
  const { sql: text } = repository.pageSql(criteriaOf('NL'), relevancePhases(null), null, 21);
  await client.query(`prepare page_one as ${text}`);
  const RUNS = 200;
  console.log(`\nGeneric against custom plans (prepared page 1, ${RUNS} runs each, median ms):\n`);
  console.log('country  matches  force_custom_plan  force_generic_plan  auto (after 5 runs)  same plan?');
  for (const country of ['NL', 'NZ', 'LU']) {
    const { params } = repository.pageSql(criteriaOf(country), relevancePhases(null), null, 21);
    const literals = params
      .map((value) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`))
      .join(', ');
    const medians: Record<string, number> = {};
    const plans: Record<string, string> = {};
    for (const mode of ['force_custom_plan', 'force_generic_plan', 'auto']) {
      await client.query(`set plan_cache_mode = ${mode}`);
      // A protocol-level named statement per mode and country, as the app's named statements are.
      const statement = { name: `page_one_${mode}_${country}`, text, values: params };
      const timings: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        await client.query(statement);
        timings.push(performance.now() - started);
      }
      medians[mode] = percentile(
        timings.sort((a, b) => a - b),
        50,
      );
      // The plan the same statement gets, through SQL-level EXECUTE (protocol statements cannot be explained).
      for (let run = 0; run < 6; run++) await client.query(`execute page_one(${literals})`);
      const { rows } = await client.query(`explain (costs off) execute page_one(${literals})`);
      plans[mode] = rows.map((row: Record<string, string>) => Object.values(row)[0]).join('\n');
    }
    const { rows: counted } = await client.query('select count(*)::int as n from profiles where country = $1', [
      country,
    ]);
    console.log(
      `${country.padEnd(8)} ${String(counted[0].n).padStart(7)} ${medians.force_custom_plan!.toFixed(3).padStart(18)} ${medians.force_generic_plan!.toFixed(3).padStart(19)} ${medians.auto!.toFixed(3).padStart(20)}  ${plans.force_custom_plan === plans.force_generic_plan ? 'yes' : 'no'}`,
    );
    if (process.argv.includes('--explain') && plans.force_custom_plan !== plans.force_generic_plan) {
      console.log(`custom plan (${country}):\n${plans.force_custom_plan}\ngeneric plan:\n${plans.force_generic_plan}`);
    }
  }
  await client.end();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
