// One app instance of bench/chat, started by chat.bench.ts as a child process: buildApp() from the environment,
// listening on a loopback port, driven over IPC (seeding, bus publishes, the bare baselines, memory readings).
// Times are process.hrtime (CLOCK_MONOTONIC, one clock for every process of the machine), so the parent can
// subtract them from the receipt times it takes itself.
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { profiles } from '../../apps/server/src/db/schema/index.ts';
import { createToken } from '../../apps/server/src/lib/credentials.ts';
import { postLedgerEntry } from '../../apps/server/src/modules/credits/index.ts';
// Type-only: brings the plugins' FastifyInstance decorations (app.db, app.requireMember, app.realtime, …) into this program.
import type { DbPluginOptions } from '../../apps/server/src/plugins/db.plugin.ts';
import type { Member } from '../../apps/server/src/plugins/session/index.ts';
import type { Realtime } from '../../apps/server/src/plugins/realtime/index.ts';
import type { Command, Reply, SeededMember } from './protocol.ts';

// Round trips counted (PostgreSQL statements, Redis commands), so the parent can report them per request.
const counts = { queries: 0, redisCommands: 0 };
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  counts.queries += 1;
  return (clientQuery as (...args: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;
const sendCommand = Redis.prototype.sendCommand;
Redis.prototype.sendCommand = function (this: Redis, ...args: Parameters<typeof sendCommand>) {
  counts.redisCommands += 1;
  return sendCommand.apply(this, args);
};

const config = loadConfig(process.env);
const app = await buildApp(config, { serveWeb: false });
const db = app.db;

// The primary-key baseline of chats.php, through the same HTTP stack: the same hooks (site, locale, security,
// session, member view), then one lookup by primary key through the app's Drizzle and pool.
export type Decorations = [DbPluginOptions, Member, Realtime];
app.get('/bench/pk', { preValidation: [app.requireMember] }, async (request) => {
  const [row] = await db
    .select({ id: profiles.id, name: profiles.name, status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, request.member!.view.profile.id));
  return row ?? null;
});

// The floor of any send on this stack: a POST through the same hooks and requireMember, with a send-sized JSON
// body, that does exactly one single-row INSERT commit (the bare loop's statement) and answers a small JSON. No
// implementation of message.php can be faster than this, since a send is at least this request and this insert.
app.post('/bench/insert', { preValidation: [app.requireMember] }, async (request) => {
  const body = request.body as { to?: number; text?: string };
  await db.execute(
    sql`insert into bench_chat.bare_messages (conversation_id, sender_id, body) values (${Number(body.to ?? 0)}, ${request.member!.view.profile.id}, ${String(body.text ?? '')})`,
  );
  return { ok: true };
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

/** A bare Redis connection for the baselines (the app's own connection stays the app's). */
const bareRedis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
const bareChannel = `${config.redisKeyPrefix}bench:bare`;
const BARE_TABLE = 'bench_chat.bare_messages';

const rowsOf = (result: unknown) =>
  ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, unknown>[];

async function seedMembers(count: number, credits: number, tag: string): Promise<SeededMember[]> {
  const site = await app.sites.resolve('');
  const users = rowsOf(
    await db.execute(sql`
      insert into users (site_id, email, password_hash, status, signup_step, activated_at)
      select ${site.id}, 'chatbench.' || ${tag} || '.' || i || '@example.com', 'x', 'active', 5, now() from generate_series(1, ${count}::int) as i
      returning id`),
  ).map((row) => Number(row.id));
  const created = rowsOf(
    await db.execute(sql`
      insert into profiles (site_id, user_id, name, status, gender, sexuality, date_of_birth, country)
      select ${site.id}, u, 'Bench' || u, 'active', 'female', 'hetero', '1990-05-17', 'NL' from unnest(${`{${users.join(',')}}`}::int[]) as u
      returning id, user_id`),
  );
  const profileOf = new Map(created.map((row) => [Number(row.user_id), Number(row.id)]));
  const tokens = users.map(() => createToken());
  await db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select u, h, now() + interval '30 days' from unnest(${`{${users.join(',')}}`}::int[], ${`{${tokens.map((token) => token.tokenHash).join(',')}}`}::text[]) as s(u, h)`);
  if (credits > 0) {
    for (const userId of users) {
      await postLedgerEntry(db, {
        userId,
        amount: credits,
        reason: 'bonus',
        idempotencyKey: `bench:chat:${tag}:${userId}`,
      });
    }
  }
  return users.map((userId, index) => ({ userId, profileId: profileOf.get(userId)!, token: tokens[index]!.token }));
}

/** `count` conversations of `profileId`, each with one message from a new partner (with a main photo), a third unread. */
async function seedConversations(profileId: number, count: number): Promise<void> {
  const site = await app.sites.resolve('');
  await db.execute(sql`
    with partners as (
      insert into profiles (site_id, name, status, gender, sexuality, date_of_birth, country)
      select ${site.id}, 'Partner' || i, 'active', 'male', 'hetero', '1988-03-02', 'NL' from generate_series(1, ${count}::int) as i
      returning id
    ), main_photos as (
      insert into photos (profile_id, file_key, thumb_key, width, height, is_main)
      select id, 'photos/bench/' || id || '.jpg', 'photos/bench/' || id || '_thumb.jpg', 640, 640, true from partners
    )
    insert into conversations (profile_low_id, profile_high_id, started_by_profile_id, last_seq)
    select least(${profileId}::int, id), greatest(${profileId}::int, id), id, 1 from partners`);
  await db.execute(sql`
    insert into messages (conversation_id, seq, sender_profile_id, client_id, kind, body, cost, created_at)
    select c.id, 1, c.started_by_profile_id, 'bench-' || c.id, 'text', 'Hello from partner ' || c.started_by_profile_id || ', how are you doing today?', 10,
      now() - (row_number() over (order by c.id)) * interval '1 minute'
    from conversations c where c.profile_low_id = ${profileId} or c.profile_high_id = ${profileId}`);
  await db.execute(sql`
    insert into conversation_members (conversation_id, profile_id, partner_profile_id, read_seq, unread_count, last_activity_at, version)
    select m.conversation_id, side.profile_id, side.partner_id,
      case when side.profile_id = ${profileId} and m.conversation_id % 3 = 0 then 0 else 1 end,
      case when side.profile_id = ${profileId} and m.conversation_id % 3 = 0 then 1 else 0 end,
      m.created_at, row_number() over (partition by side.profile_id order by m.created_at)
    from messages m
    join conversations c on c.id = m.conversation_id
    cross join lateral (values (${profileId}::int, m.sender_profile_id), (m.sender_profile_id, ${profileId}::int)) as side(profile_id, partner_id)
    where c.profile_low_id = ${profileId} or c.profile_high_id = ${profileId}`);
  await db.execute(
    sql`insert into chat_inboxes (profile_id, version) values (${profileId}, ${count}) on conflict (profile_id) do update set version = excluded.version`,
  );
  if (app.dbKind === 'postgres')
    await db.execute(
      sql`analyze profiles, photos, conversations, conversation_members, messages, chat_inboxes, sessions, users`,
    );
}

/** The bare INSERT commit loop: `concurrency` loops, each one single-row INSERT (its own commit) after another, for `ms`. */
async function insertLoop(concurrency: number, ms: number): Promise<{ inserts: number; ms: number }> {
  let inserts = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (performance.now() < deadline) {
        await db.execute(
          sql`insert into bench_chat.bare_messages (conversation_id, sender_id, body) values (${loop + 1}, ${loop + 1}, ${'Hello there'})`,
        );
        inserts += 1;
      }
    }),
  );
  return { inserts, ms: performance.now() - started };
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    sockets: app.realtime.connectionCount(),
  };
}

async function handle(command: Command): Promise<unknown> {
  switch (command.type) {
    case 'seedMembers':
      return seedMembers(command.count, command.credits, command.tag);
    case 'seedConversations':
      return seedConversations(command.profileId, command.count);
    case 'prepareBare':
      await db.execute(sql.raw('create schema if not exists bench_chat'));
      await db.execute(sql.raw(`drop table if exists ${BARE_TABLE}`));
      await db.execute(
        sql.raw(
          `create table ${BARE_TABLE} (id bigserial primary key, conversation_id int not null, sender_id int not null, body text not null, created_at timestamptz not null default now())`,
        ),
      );
      return null;
    case 'dropBare':
      await db.execute(sql.raw('drop schema if exists bench_chat cascade'));
      return null;
    case 'insertLoop':
      return insertLoop(command.concurrency, command.ms);
    case 'publish': {
      const t0 = process.hrtime.bigint();
      await app.realtime.publish(command.profileIds, { type: 'unread', unread_total: command.id });
      return String(t0);
    }
    case 'barePublish': {
      if (!bareRedis) throw new Error('no Redis');
      const t0 = process.hrtime.bigint();
      await bareRedis.publish(bareChannel, String(command.id));
      return String(t0);
    }
    case 'bareInsertPublish': {
      if (!bareRedis) throw new Error('no Redis');
      const t0 = process.hrtime.bigint();
      await db.execute(
        sql`insert into bench_chat.bare_messages (conversation_id, sender_id, body) values (${1}, ${1}, ${`bare-${command.id}`})`,
      );
      await bareRedis.publish(bareChannel, String(command.id));
      return String(t0);
    }
    case 'memory':
      return memory();
    case 'cpu':
      return { ...process.cpuUsage(), ...counts };
    case 'close':
      bareRedis?.disconnect();
      await app.close();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (message: { seq: number; command: Command }) => {
  handle(message.command).then(
    (value) => process.send!({ seq: message.seq, ok: true, value } satisfies Reply),
    (error: unknown) =>
      process.send!({
        seq: message.seq,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies Reply),
  );
});
process.send!({ seq: 0, ok: true, value: { port, dbKind: app.dbKind, bareChannel } } satisfies Reply);
