// bench/growth (`npm run bench -- growth`): whether a member's own pages cost the same on a big site as on a small
// one (issue 41). For each size (1,000, 10,000 and 100,000 members; BENCH_SIZES) a fresh PostgreSQL database, migrated
// and filled with set-based SQL; one measured member with the same items at every size (35 likes received, 35 given,
// 10 matches, 10 conversations, 2 blocks: its answers byte-identical); the app built in-process on each database (as
// deployed, and without its caches), the member logged in, and user.php, likes.php, chats.php and search.php page 1
// (its shared count kept, and counting afresh) requested through `app.inject`, one request at a time, the sizes in
// turn, beside the floor (/healthz: the same stack and one `select 1`). Prints the per-request time at each size, its
// ratio to the smallest, PASS or FAIL; `--explain` the plans of the statements behind them.
import os from 'node:os';
import pg from 'pg';
import {
  BAN_REASONS,
  BODY_TYPES,
  EYE_COLORS,
  HAIR_COLORS,
  INTEREST_KEYS,
  RELATIONSHIP_STATUSES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
} from '@app/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { openMigratedDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { hashPassword } from '../../apps/server/src/lib/credentials.ts';
import { DEMO_CITIES } from '../../apps/server/src/modules/dev/demo-data.ts';
import { SPEC_COUNTRIES } from '../../apps/server/src/modules/sites/index.ts';
import { clientHeaders, testConfig } from '../../apps/server/src/test-support/test-app.ts';
import { median } from '../support/processes.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
/** Where the bench databases are made (one per size, `bench_growth_<size>`); dropped at the end unless `--keep`. */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.argv.includes('--keep');
/** `--explain`: the plans of the statements behind likes.php, chats.php and search.php at each size (see `explainStatements`). */
const EXPLAIN = process.argv.some((arg) => arg.startsWith('--explain'));
/** `--explain=all`: the plans at every size (`--explain`: at the largest). */
const EXPLAIN_ALL = process.argv.includes('--explain=all');
/** Within 20 % of the smallest site. */
const FLAT_TARGET = 1.2;

/** The measured member is profile 1; profiles 2 to PARTNERS are the members of its lists (the same at every size). */
const MEMBER = 1;
const PARTNERS = 63;
const PASSWORD = 'growth-bench-1';
const EMAIL = `growth.member${MEMBER}@example.com`;

const FEMALE_NAMES = ['Anna', 'Sofie', 'Emma', 'Julia', 'Lotte', 'Mia', 'Lena', 'Chloé', 'Giulia', 'Lucía', 'Freja'];
const MALE_NAMES = ['Daan', 'Lucas', 'Noah', 'Finn', 'Jonas', 'Luca', 'Hugo', 'Mateo', 'Jakub', 'Magnus', 'Oskar'];
const ABOUT = ['Easy-going and curious.', 'Coffee first, then adventures.', 'Honest, warm and a little bit nerdy.'];
const MESSAGES = [
  'Hi! How is your week going?',
  'Haha, that sounds like a plan.',
  'I love that place too. Have you been to the market there?',
  'Sorry, busy day. Tell me more about the trip!',
  'Coffee on Saturday?',
  'That photo of the mountains is great.',
  'Good morning :)',
  'What are you reading at the moment?',
];

const sizeLabel = (size: number) => (size % 1000 === 0 ? `${size / 1000}k` : String(size));
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(literal).join(',')}]`;
/** Element `roll` (0 <= roll < 1) of an SQL array. */
const pick = (values: readonly string[], roll: string) =>
  `(${textArray(values)})[1 + floor(${roll} * ${values.length})::int]`;

/**
 * The whole site in one SQL script on one session: members (25 % in NL, the rest over the site's countries, in their
 * towns and regions; ages mostly 22 to 45; joined over two years, active lately more than long ago; 10 % fictional,
 * 2 % disabled, 3 % invisible, 0.5 % pending deletion, 0.3 % banned or suspended), photos (94 % have 1 to 3), sessions,
 * balances, likes (0 to 10 given by each member, 12 % of them liked back), their matches, blocks, conversations (0.3
 * per member, 1 to 12 messages each, some unread) and chat inboxes. Values of members come from a hash of their id, so
 * profile i is the same at every size; the other rows from random() after setseed, the same at every run of a size.
 * The measured member's items are written first and touch only profiles 1 to PARTNERS, which no random row involves
 * as the member's counterpart. Triggers and foreign-key checks are off for the session (session_replication_role):
 * the script writes what the triggers would (has_photo, restricted_until).
 */
function seedScript(members: number, siteId: number, base: string): string {
  const at = `${literal(base)}::timestamptz`;
  const r = (id: string, salt: number) => `pg_temp.r(${id}, ${salt})`;
  const cities = Object.entries(DEMO_CITIES).flatMap(([country, towns]) =>
    towns.map(([city, region], index) => `(${literal(country)}, ${index}, ${literal(city)}, ${literal(region)})`),
  );
  const others = SPEC_COUNTRIES.filter((country) => country !== 'NL');
  const interests = INTEREST_KEYS.length;
  const step = Math.max(1, Math.floor(interests / 3));
  return `
set session_replication_role = replica;
create function pg_temp.r(i bigint, salt int) returns float8 language sql immutable
  as $$ select (hashint8(i * 1009 + salt) & 2147483647)::float8 / 2147483648 $$;
create temporary table growth_cities (country text, k int, city text, region text, primary key (country, k));
insert into growth_cities values ${cities.join(',')};
create temporary table growth_members as
  select m.*, c.city as town, c.region as town_region
  from (
    select i, ${r('i', 1)} < 0.55 as female, i > ${PARTNERS} and ${r('i', 2)} < 0.1 as fictional,
      ${at} - ${r('i', 3)} * interval '730 days' as created_at,
      case when ${r('i', 4)} < 0.25 then 'NL' else ${pick(others, r('i', 5))} end as country,
      ${r('i', 6)} as place, ${r('i', 7)} as town_roll,
      case when ${r('i', 8)} < 0.8 then 22 + floor(${r('i', 9)} * 24) else 18 + floor(${r('i', 9)} * 53) end as age
    from generate_series(1, ${members}) as i
  ) as m
  left join lateral (
    select c.city, c.region from growth_cities c
    where c.country = m.country and c.k = floor(m.town_roll * (select count(*) from growth_cities d where d.country = m.country))::int
  ) as c on true;

insert into users (id, site_id, email, password_hash, status, language, paid_user, signup_step, activated_at, deleted_at, created_at)
  select i, ${siteId}, 'growth.member' || i || '@example.com', 'x',
    case when i > ${PARTNERS} and ${r('i', 10)} < 0.005 then 'deleted_pending' else 'active' end,
    'en', ${r('i', 11)} < 0.1, 5, created_at,
    case when i > ${PARTNERS} and ${r('i', 10)} < 0.005 then ${at} - ${r('i', 12)} * interval '20 days' end,
    created_at
  from growth_members where not fictional order by 1;

insert into profiles (id, site_id, user_id, name, status, gender, sexuality, date_of_birth, country, region, city,
    about_me, relationship_status, body_type, hair_color, eye_color, tattoos, signup_reason, interests, verified_at,
    is_fictional, is_invisible, show_in_ads, has_photo, last_active_day, created_at, updated_at)
  select i, ${siteId}, case when fictional then null else i end,
    case when female then ${pick(FEMALE_NAMES, r('i', 13))} else ${pick(MALE_NAMES, r('i', 13))} end || (10 + floor(${r('i', 14)} * 90))::int,
    case when i > ${PARTNERS} and ${r('i', 15)} < 0.02 then 'disabled' else 'active' end,
    case when female then 'female' else 'male' end,
    case when ${r('i', 16)} < 0.78 then 'hetero' when ${r('i', 16)} < 0.88 then (case when female then 'lesbian' else 'gay' end) else 'bi' end,
    (${at}::date - (age * 365.25 + floor(${r('i', 17)} * 365))::int),
    country,
    case when place < 0.7 then town_region when place < 0.88 then town_region end,
    case when place < 0.7 then town end,
    case when ${r('i', 18)} < 0.85 then ${pick(ABOUT, r('i', 19))} end,
    ${pick(RELATIONSHIP_STATUSES, r('i', 20))}, ${pick(BODY_TYPES, r('i', 21))}, ${pick(HAIR_COLORS, r('i', 22))},
    ${pick(EYE_COLORS, r('i', 23))}, ${pick(TATTOO_OPTIONS, r('i', 24))}, ${pick(SIGNUP_REASONS, r('i', 25))},
    jsonb_build_array(
      (${textArray(INTEREST_KEYS)})[1 + floor(${r('i', 26)} * ${interests})::int],
      (${textArray(INTEREST_KEYS)})[1 + (floor(${r('i', 26)} * ${interests})::int + 1 + floor(${r('i', 27)} * ${step})::int) % ${interests}],
      (${textArray(INTEREST_KEYS)})[1 + (floor(${r('i', 26)} * ${interests})::int + 2 + ${step} + floor(${r('i', 28)} * ${step})::int) % ${interests}]),
    case when not fictional and ${r('i', 29)} < 0.94 and ${r('i', 30)} < 0.35 then created_at end,
    fictional,
    i > ${PARTNERS} and ${r('i', 31)} < 0.03,
    not fictional and ${r('i', 32)} < 0.7,
    ${r('i', 29)} < 0.94,
    (${at} - (${r('i', 33)} ^ 2) * (${at} - created_at))::date,
    created_at, created_at
  from growth_members order by 1;

update profiles set name = 'Growth Member', gender = 'male', sexuality = 'hetero',
    date_of_birth = (${at}::date - interval '35 years')::date, country = 'NL', region = 'NH', city = 'Amsterdam',
    about_me = 'The member the bench measures.', has_photo = true, last_active_day = ${at}::date
  where id = ${MEMBER};

insert into photos (profile_id, file_key, thumb_key, width, height, is_private, is_main, created_at)
  select p.id, 'photos/growth/' || p.id || '-' || k || '.jpg', 'photos/growth/' || p.id || '-' || k || '_thumb.jpg',
    640, 640, k > 0 and ${r('p.id * 4 + k', 34)} < 0.3, k = 0, p.created_at
  from profiles p cross join lateral generate_series(0, floor(${r('p.id', 35)} * 3)::int) as k
  where p.has_photo order by p.id, k;

insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at)
  select id, md5('a' || id) || md5('b' || id), ${at} - interval '2 days', ${at} - interval '1 day', ${at} + interval '28 days'
  from users where ${r('id', 36)} < 0.3 and id <> ${MEMBER} order by id;
insert into credit_balances (user_id, balance, version, updated_at)
  select id, floor(${r('id', 37)} * 500)::int, 1, created_at from users where paid_user order by id;

-- The measured member's items: liked by 2..36 (every third like new), likes 2..11 back (10 matches) and 37..61,
-- blocked 62 and was blocked by 63, and a conversation with each of its matches.
insert into likes (profile_id, target_profile_id, is_new, created_at)
  select i, ${MEMBER}, i % 3 = 0, ${at} - i * interval '3 hours' from generate_series(2, 36) as i;
insert into likes (profile_id, target_profile_id, is_new, created_at)
  select ${MEMBER}, i, i % 2 = 0, ${at} - i * interval '137 minutes' from generate_series(2, 11) as i
  union all select ${MEMBER}, i, i % 2 = 0, ${at} - i * interval '137 minutes' from generate_series(37, 61) as i;
insert into matches (low_profile_id, high_profile_id, created_at, low_seen_at, high_seen_at)
  select ${MEMBER}, i, ${at} - i * interval '137 minutes', ${at}, ${at} from generate_series(2, 11) as i;
insert into blocks (profile_id, blocked_profile_id, created_at)
  values (${MEMBER}, 62, ${at} - interval '40 days'), (63, ${MEMBER}, ${at} - interval '41 days');
insert into conversations (id, profile_low_id, profile_high_id, started_by_profile_id, last_seq, created_at)
  select k - 1, ${MEMBER}, k, case when k % 2 = 0 then ${MEMBER} else k end, 2 + k % 6,
    ${at} - interval '1 day' - k * interval '5 hours'
  from generate_series(2, 11) as k;

-- Everyone else: likes, their matches, blocks, restrictions and conversations, at random.
select setseed(0.41);
insert into likes (profile_id, target_profile_id, is_new, created_at)
  select p.id, t.target, random() < 0.4, ${at} - random() * (${at} - p.created_at)
  from profiles p
  cross join lateral (
    select 2 + floor(random() * ${members - 1})::int as target from generate_series(1, floor(random() * 11)::int + 0 * p.id)
  ) as t
  where p.id <> ${MEMBER} and p.user_id is not null and t.target <> p.id
  on conflict do nothing;
insert into likes (profile_id, target_profile_id, is_new, created_at)
  select l.target_profile_id, l.profile_id, random() < 0.3, l.created_at + random() * interval '3 days'
  from likes l join profiles p on p.id = l.target_profile_id and p.user_id is not null
  where l.profile_id <> ${MEMBER} and l.target_profile_id <> ${MEMBER} and random() < 0.12
  on conflict do nothing;
insert into matches (low_profile_id, high_profile_id, created_at, low_seen_at, high_seen_at)
  select a.profile_id, a.target_profile_id, greatest(a.created_at, b.created_at), ${at}, ${at}
  from likes a join likes b on b.profile_id = a.target_profile_id and b.target_profile_id = a.profile_id
  where a.profile_id < a.target_profile_id and a.profile_id <> ${MEMBER}
  order by 1, 2;
insert into blocks (profile_id, blocked_profile_id, created_at)
  select id, target, ${at} - random() * interval '200 days'
  from (select id, 2 + floor(random() * ${members - 1})::int as target from profiles where id <> ${MEMBER} and random() < 0.02) as b
  where target <> id
  on conflict do nothing;
insert into member_restrictions (user_id, kind, reason, until, created_at)
  select id, case when random() < 0.6 then 'banned' else 'suspended' end, ${pick(BAN_REASONS, 'random()')},
    ${at} + interval '10 days', ${at} - random() * interval '60 days'
  from users where id > ${PARTNERS} and random() < 0.003 order by id;
update member_restrictions set until = null where kind = 'banned';
update users u set restricted_until = case when r.kind = 'banned' then 'infinity'::timestamptz else r.until end
  from member_restrictions r where r.user_id = u.id;
insert into conversations (id, profile_low_id, profile_high_id, started_by_profile_id, last_seq, created_at)
  select 10 + row_number() over (order by low, high), low, high, starter, 1 + floor(random() * 12)::int,
    ${at} - interval '1 day' - random() * interval '120 days'
  from (
    select distinct on (least(a, b), greatest(a, b)) least(a, b) as low, greatest(a, b) as high, a as starter
    from (
      select 2 + floor(random() * ${members - 1})::int as a, 2 + floor(random() * ${members - 1})::int as b
      from generate_series(1, ${Math.round(members * 0.3)})
    ) as pairs
    where a <> b
    order by least(a, b), greatest(a, b)
  ) as distinct_pairs;

-- Every conversation's messages (odd numbers from the one who started it), both members' sides (the receiver of the
-- last message has it unread in a third of them), and each member's inbox.
insert into messages (conversation_id, seq, sender_profile_id, client_id, kind, body, cost, created_at)
  select c.id, s,
    case when s % 2 = 1 then c.started_by_profile_id else c.profile_low_id + c.profile_high_id - c.started_by_profile_id end,
    'growth-' || c.id || '-' || s, 'text', ${pick(MESSAGES, r('c.id * 16 + s', 38))}, 0,
    c.created_at + s * interval '7 minutes'
  from conversations c cross join lateral generate_series(1, c.last_seq) as s
  order by c.id, s;
insert into conversation_members (conversation_id, profile_id, partner_profile_id, read_seq, unread_count, is_hidden,
    cleared_seq, last_activity_at, version)
  select id, profile_id, partner_id, last_seq - unread, unread, false, 0, last_at,
    row_number() over (partition by profile_id order by last_at, id)
  from (
    select c.id, side.profile_id, side.partner_id, c.last_seq, c.created_at + c.last_seq * interval '7 minutes' as last_at,
      case when side.profile_id <> (case when c.last_seq % 2 = 1 then c.started_by_profile_id
          else c.profile_low_id + c.profile_high_id - c.started_by_profile_id end)
        and ${r('c.id', 39)} < 0.35 then 1 else 0 end as unread
    from conversations c
    cross join lateral (values (c.profile_low_id, c.profile_high_id), (c.profile_high_id, c.profile_low_id)) as side(profile_id, partner_id)
  ) as sides
  order by id, profile_id;
insert into chat_inboxes (profile_id, version, unread_total)
  select profile_id, max(version), sum(unread_count) from conversation_members group by profile_id order by profile_id;

select setval(pg_get_serial_sequence('users', 'id'), ${members});
select setval(pg_get_serial_sequence('profiles', 'id'), ${members});
select setval(pg_get_serial_sequence('conversations', 'id'), (select max(id) from conversations));
set session_replication_role = default;
`;
}

type Site = {
  size: number;
  database: string;
  handle: DatabaseHandle;
  /**
   * The app as deployed, and the same app without its caches (MEMBER_VIEW_CACHE_SIZE=0: the member view and the poll
   * versions of likes.php and chats.php read from the database at every request, as after a change or on another
   * instance).
   */
  app: FastifyInstance;
  uncached: FastifyInstance;
  cookie: string;
  uncachedCookie: string;
  seedSeconds: number;
  rows: Record<string, number>;
};

type Target = {
  name: string;
  /** The endpoint's rule: `flat` within FLAT_TARGET of the smallest site, `log` at most log(size) / log(smallest). */
  rule: 'flat' | 'log' | null;
  /** What the rule column says of a row without a rule. */
  note?: string;
  /** The request to a site; `turn` counts the requests to it in the current load (the same at every size). */
  request: (site: Site, turn: number) => { app: FastifyInstance; options: InjectOptions };
};

/** The parameterized statements node-postgres sends while `recording` is on (installed before any pool connects). */
type Statement = { name: string; text: string; values: unknown[] };
const recorder: { isOn: boolean; statements: Statement[] } = { isOn: false, statements: [] };
if (EXPLAIN) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [{ name?: string; text?: string; values?: unknown[] } | string, unknown[]?];
    const parameters = (typeof config === 'object' ? config.values : undefined) ?? values;
    if (recorder.isOn && typeof config === 'object' && config.text && parameters?.length)
      recorder.statements.push({
        // Drizzle's names (likes_overview...); others by the start of their text.
        name:
          config.name && !config.name.startsWith('q_') ? config.name : config.text.replace(/\s+/g, ' ').slice(0, 60),
        text: config.text,
        values: parameters,
      });
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

type Explained = { name: string; ms: number; hits: number; plan: string };

/**
 * Each statement `requests` requests of `url` send (on the app without caches, so the poll versions run too), as the
 * app runs it: prepared, past its fifth execution (so on the plan plan_cache_mode=auto settles on, generic or custom),
 * then `explain (analyze, buffers, timing off)` ten times; the fastest execution and its shared buffers hit. The
 * statements of a later request are named with its number (search.php counts its matches on an instance's first
 * page 1 and keeps that count 30 s: the second request sends another statement).
 */
async function explainStatements(site: Site, url: string, requests: number): Promise<Explained[]> {
  recorder.statements = [];
  for (let request = 1; request <= requests; request += 1) {
    const before = recorder.statements.length;
    recorder.isOn = true;
    await site.uncached.inject({ method: 'GET', url, headers: { ...clientHeaders, cookie: site.uncachedCookie } });
    recorder.isOn = false;
    if (request > 1)
      for (const statement of recorder.statements.slice(before)) statement.name += ` (request ${request})`;
  }
  const client = new pg.Client({ connectionString: databaseUrlOf(site.database) });
  await client.connect();
  try {
    const results: Explained[] = [];
    for (const [index, statement] of recorder.statements.entries()) {
      const literals = statement.values
        .map((value) =>
          value === null ? 'null' : client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value)),
        )
        .join(', ');
      await client.query(`prepare growth_${index} as ${statement.text}`);
      for (let run = 0; run < 6; run += 1) await client.query(`execute growth_${index}(${literals})`);
      let best = { ms: Infinity, hits: 0, plan: '' };
      for (let run = 0; run < 10; run += 1) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers, timing off) execute growth_${index}(${literals})`,
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        const ms = Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]);
        if (ms < best.ms) best = { ms, hits: Number(/Buffers: shared hit=(\d+)/.exec(plan)?.[1] ?? 0), plan };
      }
      results.push({ name: statement.name, ...best });
    }
    return results;
  } finally {
    await client.end();
  }
}

const databaseUrlOf = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function logIn(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { ...clientHeaders, 'content-type': 'application/json' },
    payload: { email: EMAIL, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}

async function buildSiteApp(handle: DatabaseHandle, memberViewCacheSize?: number): Promise<FastifyInstance> {
  const config = testConfig({
    databaseUrl: undefined,
    redisUrl: undefined,
    rateLimitFactor: 1_000_000,
    serveWeb: false,
    ...(memberViewCacheSize === undefined ? {} : { memberViewCacheSize }),
  });
  const app = await buildApp(config, { database: handle, serveWeb: false });
  await app.ready();
  return app;
}

async function prepareSite(
  admin: pg.Client,
  size: number,
  index: number,
  base: string,
  passwordHash: string,
): Promise<Site> {
  // The same size twice (BENCH_SIZES=1000,1000: what the instrument itself makes of equal sites) gets a second name.
  const database = SIZES.indexOf(size) === index ? `bench_growth_${size}` : `bench_growth_${size}_${index}`;
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.query(`create database ${database}`);
  const started = performance.now();
  const handle = await openMigratedDatabase({ databaseUrl: databaseUrlOf(database), pgliteDataDir: 'memory://' });
  // The app seeds the default site; the members go in after it, with SQL of their own.
  const app = await buildSiteApp(handle);
  const site = await app.sites.resolve('');
  const client = new pg.Client({ connectionString: databaseUrlOf(database) });
  await client.connect();
  try {
    await client.query(seedScript(size, site.id, base));
    await client.query('update users set password_hash = $1 where id = $2', [passwordHash, MEMBER]);
    await client.query('vacuum analyze');
    const counted = ['profiles', 'photos', 'likes', 'matches', 'blocks', 'conversations', 'messages', 'sessions'];
    const { rows } = await client.query<{ name: string; count: string }>(
      counted.map((table) => `select '${table}' as name, count(*) from ${table}`).join(' union all '),
    );
    const seedSeconds = (performance.now() - started) / 1000;
    const uncached = await buildSiteApp(handle, 0);
    return {
      size,
      database,
      handle,
      app,
      uncached,
      cookie: await logIn(app),
      uncachedCookie: await logIn(uncached),
      seedSeconds,
      rows: Object.fromEntries(counted.map((name) => [name, Number(rows.find((row) => row.name === name)?.count)])),
    };
  } finally {
    await client.end();
  }
}

/** The mean of the middle 80 % (a garbage collection or another process's moment drops out, the body stays). */
function trimmedMean(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length * 0.1);
  const middle = sorted.slice(cut, sorted.length - cut);
  return middle.reduce((sum, value) => sum + value, 0) / middle.length;
}

/** The turns each target has taken so far: its next load carries on from there. */
const turns = new Map<Target, number>();

/**
 * One request at a time for about `seconds` per size, the sizes taking turns request by request (the order rotating),
 * so a busy moment of the machine touches every size alike: the trimmed mean of the milliseconds per request at each
 * size.
 */
async function load(target: Target, sites: Site[], seconds: number): Promise<{ ms: number[]; failed: number }> {
  const times: number[][] = sites.map(() => []);
  let failed = 0;
  const deadline = performance.now() + seconds * 1000 * sites.length;
  for (let turn = turns.get(target) ?? 0; performance.now() < deadline; turn += 1) {
    turns.set(target, turn + 1);
    for (let step = 0; step < sites.length; step += 1) {
      const index = (turn + step) % sites.length;
      const { app, options } = target.request(sites[index]!, turn);
      const started = performance.now();
      const response = await app.inject(options);
      times[index]!.push(performance.now() - started);
      if (response.statusCode !== 200) failed += 1;
    }
  }
  return { ms: times.map(trimmedMean), failed };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main() {
  const started = performance.now();
  const loadBefore = loadAverage();
  console.log(
    `PostgreSQL (${new URL(ADMIN_URL).host}); sizes ${SIZES.join(', ')}; ${ROUNDS} rounds x ${SECONDS} s per target and size, one request at a time through app.inject, the sizes in turn; ${os.cpus().length} cores, Node ${process.version}; load average ${loadBefore}.`,
  );
  const base = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
  const passwordHash = await hashPassword(PASSWORD);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const sites: Site[] = [];
  try {
    for (const [index, size] of SIZES.entries()) {
      const site = await prepareSite(admin, size, index, base, passwordHash);
      sites.push(site);
      console.log(
        `${size} members: seeded in ${site.seedSeconds.toFixed(1)} s (${Object.entries(site.rows)
          .map(([name, count]) => `${count.toLocaleString('en')} ${name}`)
          .join(', ')})`,
      );
    }

    const get = (site: Site, url: string, isCached = true) => ({
      app: isCached ? site.app : site.uncached,
      options: {
        method: 'GET' as const,
        url,
        headers: { ...clientHeaders, cookie: isCached ? site.cookie : site.uncachedCookie },
      },
    });
    const targets: Target[] = [
      { name: 'floor: /healthz (select 1)', rule: null, note: 'the floor', request: (site) => get(site, '/healthz') },
      { name: 'GET /api/user.php', rule: 'flat', request: (site) => get(site, '/api/user.php') },
      { name: 'GET /api/user.php, no caches', rule: 'flat', request: (site) => get(site, '/api/user.php', false) },
      { name: 'GET /api/likes.php', rule: 'flat', request: (site) => get(site, '/api/likes.php') },
      { name: 'GET /api/likes.php, no caches', rule: 'flat', request: (site) => get(site, '/api/likes.php', false) },
      { name: 'GET /api/chats.php', rule: 'flat', request: (site) => get(site, '/api/chats.php') },
      { name: 'GET /api/chats.php, no caches', rule: 'flat', request: (site) => get(site, '/api/chats.php', false) },
      { name: 'GET /api/search.php (page 1)', rule: 'log', request: (site) => get(site, '/api/search.php') },
      {
        // An instance counts a filter set's matches once per 30 s and shares the count (SEARCH_COUNT_TTL_MS): each
        // request here asks for another filter set (4,536 age ranges and genders, in the same order at every size and
        // carried on from one round to the next), so each counts. Shown without a rule: its answer is not the same at
        // every size (the count reads every match up to 1,101; the small site has fewer), see README.md.
        name: 'GET /api/search.php (page 1, counting afresh)',
        rule: null,
        note: 'none: counts up to 1,101 matches',
        request: (site, turn) => {
          const gender = ['', '&gender=female', '&gender=male'][Math.floor(turn / 1512) % 3];
          const ages = `min_age=${18 + (turn % 28)}&max_age=${46 + (Math.floor(turn / 28) % 54)}`;
          return get(site, `/api/search.php?${ages}${gender}`);
        },
      },
    ];

    // The same items at every size: the member's own answers are byte-identical (search differs: other members).
    for (const target of targets.filter((item) => /user|likes|chats/.test(item.name))) {
      const bodies = await Promise.all(
        sites.map(async (site) => {
          const { app, options } = target.request(site, 0);
          return (await app.inject(options)).body;
        }),
      );
      if (bodies.some((body) => body !== bodies[0]))
        throw new Error(`${target.name}: the member's answer differs between sizes`);
    }
    const likesAnswer = JSON.parse((await sites[0]!.app.inject(get(sites[0]!, '/api/likes.php').options)).body) as {
      profiles: unknown[];
      liked_by: unknown[];
    };
    const chatsAnswer = JSON.parse((await sites[0]!.app.inject(get(sites[0]!, '/api/chats.php').options)).body) as {
      chats: unknown[];
      unread_total: number;
    };
    const searchCounts = await Promise.all(
      sites.map(async (site) => {
        const answer = JSON.parse((await site.app.inject(get(site, '/api/search.php').options)).body) as {
          num_results: number;
          results: unknown[];
        };
        return `${answer.num_results} at ${site.size}`;
      }),
    );
    console.log(
      `The member's answers are identical at every size: likes.php ${likesAnswer.profiles.length} liked and ${likesAnswer.liked_by.length} likers, chats.php ${chatsAnswer.chats.length} conversations (${chatsAnswer.unread_total} unread); search.php page 1 matches: ${searchCounts.join(', ')}.`,
    );

    if (EXPLAIN) {
      for (const url of ['/api/likes.php', '/api/chats.php', '/api/search.php']) {
        const bySize: Explained[][] = [];
        for (const site of sites) bySize.push(await explainStatements(site, url, url.includes('search') ? 2 : 1));
        console.log(
          `\n${url}, each statement (no caches): fastest of 10 executions on its generic plan, shared buffers hit`,
        );
        const names = [...new Set(bySize.flatMap((statements) => statements.map((statement) => statement.name)))];
        for (const name of names)
          console.log(
            `  ${name}: ${sites
              .map((site, position) => {
                const found = bySize[position]!.find((statement) => statement.name === name);
                return `${sizeLabel(site.size)} ${found ? `${found.ms.toFixed(3)} ms, ${found.hits} hits` : 'not sent'}`;
              })
              .join('; ')}`,
          );
        for (const [position, site] of sites.entries())
          if (EXPLAIN_ALL || position === sites.length - 1)
            for (const statement of bySize[position]!)
              console.log(`\n${statement.name} at ${sizeLabel(site.size)}:\n${statement.plan}`);
      }
      console.log('');
    }

    // Warm-up: prepared statements past their sixth run (generic plans), caches filled.
    for (const target of targets) await load(target, sites, 0.3);

    const samples = new Map<string, number[][]>(targets.map((target) => [target.name, []]));
    let failed = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) {
        const sample = await load(target, sites, SECONDS);
        failed += sample.failed;
        samples.get(target.name)!.push(sample.ms);
      }
      console.log(`round ${round + 1}/${ROUNDS} done (load average ${loadAverage()})`);
    }

    const smallest = sites[0]!;
    console.log(
      `\nMedians of ${ROUNDS} rounds: ms per request (requests a second) at each size; the ratio to ${sizeLabel(smallest.size)} members is the median of the rounds' ratios (their range in brackets); failed requests: ${failed}.\n`,
    );
    console.log(
      `| endpoint | ${sites.map((site) => `${sizeLabel(site.size)}: ms (req/s)`).join(' | ')} | ${sites
        .slice(1)
        .map((site) => `${sizeLabel(site.size)} / ${sizeLabel(smallest.size)}`)
        .join(' | ')} | rule | result |`,
    );
    console.log(
      `|---|${sites.map(() => '---|').join('')}${sites
        .slice(1)
        .map(() => '---|')
        .join('')}---|---|`,
    );
    let isPassing = true;
    for (const target of targets) {
      const rounds = samples.get(target.name)!;
      const times = sites.map((_, index) => median(rounds.map((round) => round[index]!)));
      const ratioRounds = sites.slice(1).map((_, index) => rounds.map((round) => round[index + 1]! / round[0]!));
      const ratios = ratioRounds.map((values) => median(values));
      const limits = sites
        .slice(1)
        .map((site) =>
          target.rule === 'flat'
            ? FLAT_TARGET
            : target.rule === 'log'
              ? Math.log(site.size) / Math.log(smallest.size)
              : Infinity,
        );
      const passes = ratios.every((ratio, index) => ratio <= limits[index]!);
      if (target.rule) isPassing &&= passes;
      const rule =
        target.rule === 'flat'
          ? `<= ${FLAT_TARGET}`
          : target.rule === 'log'
            ? `<= log n / log ${sizeLabel(smallest.size)} (${limits.map((limit) => limit.toFixed(2)).join(', ')})`
            : (target.note ?? '');
      console.log(
        `| ${target.name} | ${times.map((ms) => `${ms.toFixed(3)} (${(1000 / ms).toFixed(0)})`).join(' | ')} | ${ratios
          .map(
            (ratio, index) =>
              `${ratio.toFixed(2)}x (${Math.min(...ratioRounds[index]!).toFixed(2)}-${Math.max(...ratioRounds[index]!).toFixed(2)})`,
          )
          .join(' | ')} | ${rule} | ${target.rule ? (passes ? 'PASS' : 'FAIL') : ''} |`,
      );
    }
    console.log(
      `\n${isPassing ? 'PASS' : 'FAIL'}: likes.php, chats.php and user.php within ${FLAT_TARGET}x of ${sizeLabel(smallest.size)} members at every size, search page 1 at most log n / log ${sizeLabel(smallest.size)}.`,
    );
    console.log(
      `Whole run ${((performance.now() - started) / 1000).toFixed(0)} s; load average before ${loadBefore}, after ${loadAverage()}.${KEEP ? ` Databases kept: ${sites.map((site) => site.database).join(', ')}.` : ''}`,
    );
  } finally {
    for (const site of sites) {
      await site.app.close();
      await site.uncached.close();
      await site.handle.close();
      if (!KEEP) await admin.query(`drop database if exists ${site.database} with (force)`);
    }
    await admin.end();
  }
}

await main();
