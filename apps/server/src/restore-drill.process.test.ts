// The restore drill on PostgreSQL (docs/operations.md, "Back up" and "Restore"): `npm run backup` (pg_dump) runs while
// members send chat messages and buy credits through the sandbox provider, `npm run restore` (pg_restore) puts the file
// into a new database, the app starts on it, and the invariants hold: ledger sums equal balances, each paid order
// credited once, each answered message stored once, no orphan rows. pg_dump is held half-way (a lock on a table of
// the drill's own) while the writes go on, so the file is shown to be one moment of a database under writes: what was
// answered before it started is in it, what was asked after it took its snapshot is not. Runs when PostgreSQL answers
// at TEST_DATABASE_URL (or the default local URL); CI's PostgreSQL pass runs it. Vitest project `process`.
import { randomUUID } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { CreditsResponse, Order, SendMessageResponse, User } from '@app/contracts';
// test-app.ts before app.ts: import-x's cycle check then never walks deep enough to overflow parsing PGlite's bundle.
import { testConfig, type TestApp } from './test-support/test-app.ts';
import { buildApp } from './app.ts';
import { openMigratedDatabase } from './db/client.ts';
import { checkInvariants, formatInvariants } from './db/invariants.ts';
import { createClient, type Client } from './test-support/accounts.ts';
import { dropDatabaseWhenFree } from './test-support/databases.ts';
import { createMember, type TestMember } from './test-support/members.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Members writing at once (each sends to the next and buys credits when it runs out). */
const WRITERS = 6;
/** How long pg_dump is held half-way (at least) while the members write on. */
const HOLD_MS = 1500;
/** A table of the drill's own: pg_dump, having taken its snapshot, waits for this table's lock until released. */
const GATE_TABLE = 'restore_drill_gate';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function urlOf(database: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  return url.href;
}

/** The app on PostgreSQL at `url`, as the API tests build it (in-process bus, no Redis: the drill is the database's). */
async function startApp(url: string): Promise<TestApp> {
  const database = await openMigratedDatabase({ databaseUrl: url, pgliteDataDir: 'memory://' });
  const config = testConfig({ databaseUrl: url, redisUrl: undefined, rateLimitFactor: 1000 });
  const app = await buildApp(config, { database, serveWeb: false });
  await app.ready();
  return Object.assign(app, {
    database,
    appConfig: config,
    [Symbol.asyncDispose]: async () => {
      await app.close();
      await database.close();
    },
  });
}

/** `npm run <script> -- <args>` on the database at `url`; resolves with its output, rejects when it fails. */
function npmRun(script: string, args: string[], url: string): Promise<string> {
  const { DATABASE_OWNER_URL: _owner, TEST_DATABASE_URL: _test, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: repoRoot,
    env: { ...inherited, DATABASE_URL: url, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`npm run ${script} exited ${code}:\n${output}`)),
    );
  });
}

/** A write the app answered: when it was asked and when answered (performance.now()). */
type Ack =
  | { kind: 'message'; senderProfileId: number; clientId: string; askedAt: number; answeredAt: number }
  | { kind: 'order'; orderId: number; userId: number; askedAt: number; answeredAt: number };

/** A member buying credits as the browser does: the first bundle, the sandbox checkout paid, the order read back. */
async function buyCredits(app: TestApp, client: Client): Promise<{ orderId: number; askedAt: number } | null> {
  const page = (await client.request({ url: '/api/credits.php?country=NL' })).json<CreditsResponse>();
  const created = await client.request({
    method: 'POST',
    url: '/api/order.php',
    payload: { bundle_id: page.bundles[0]!.id, method: 'ideal', country: 'NL' },
  });
  if (created.statusCode !== 200) throw new Error(`order refused: ${created.body}`);
  const { order, checkout_url: checkoutUrl } = created.json<{ order: Order; checkout_url: string }>();
  const paymentId = new URL(checkoutUrl, 'http://x').searchParams.get('id')!;
  // The payment is committed by this call (the sandbox calls the webhook before it answers).
  const askedAt = performance.now();
  await app.inject({ method: 'POST', url: '/api/sandbox-checkout.php', payload: { id: paymentId, outcome: 'paid' } });
  const read = await client.request({ url: `/api/order.php?id=${order.id}` });
  return read.json<{ order: Order }>().order.status === 'paid' ? { orderId: order.id, askedAt } : null;
}

/** Sends and buys until `stop()` says so; every answered write goes into `acks`. */
async function write(app: TestApp, member: TestMember, partner: TestMember, acks: Ack[], stop: () => boolean) {
  let credits = 20;
  for (let round = 0; !stop(); round += 1) {
    if (credits < 10 || round % 4 === 3) {
      const bought = await buyCredits(app, member.client);
      if (bought) {
        acks.push({ kind: 'order', userId: member.user.id, ...bought, answeredAt: performance.now() });
        credits = (await member.client.request({ url: '/api/user.php' })).json<{ user: User }>().user.credits;
      }
      continue;
    }
    const clientId = randomUUID();
    const askedAt = performance.now();
    const sent = await member.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: partner.profileId, client_id: clientId, text: `drill ${round}` },
    });
    if (sent.statusCode === 200) {
      acks.push({
        kind: 'message',
        senderProfileId: member.profileId,
        clientId,
        askedAt,
        answeredAt: performance.now(),
      });
      credits = sent.json<SendMessageResponse>().credits;
    } else if (sent.statusCode === 402) credits = 0;
    else throw new Error(`send answered ${sent.statusCode}: ${sent.body}`);
  }
}

function counts(acks: Ack[]): { messages: number; orders: number } {
  const orders = acks.filter((ack) => ack.kind === 'order').length;
  return { messages: acks.length - orders, orders };
}

/** Waits `minMs`, then until `isDone()` (checked every 50 ms); throws after 30 s. */
async function waitUntil(isDone: () => boolean, minMs: number): Promise<void> {
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, minMs));
  while (!isDone()) {
    if (performance.now() - started > 30_000) throw new Error('the members wrote too little in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many times each answered write is in the database behind `db` (messages by client id, orders as credited). */
async function copiesOf(db: pg.Client, acks: Ack[]): Promise<number[]> {
  const messages = await db.query<{ key: string; count: number }>(
    `select sender_profile_id || ':' || client_id as key, count(*)::int as count from messages group by 1`,
  );
  const byKey = new Map(messages.rows.map((row) => [row.key, row.count]));
  const credited = await db.query<{ id: number; count: number }>(
    `select o.id, count(l.id)::int as count from orders o
     join credit_ledger l on l.idempotency_key = 'order:' || o.id and l.user_id = o.user_id
     where o.status = 'paid' group by o.id`,
  );
  const creditedOrders = new Map(credited.rows.map((row) => [row.id, row.count]));
  return acks.map((ack) =>
    ack.kind === 'message'
      ? (byKey.get(`${ack.senderProfileId}:${ack.clientId}`) ?? 0)
      : (creditedOrders.get(ack.orderId) ?? 0),
  );
}

/** Objects of each kind in the database (tables, keys, triggers, functions, indexes, sequences), by schema. */
async function schemaObjects(db: pg.Client): Promise<Record<string, number>> {
  const { rows } = await db.query<{ kind: string; count: number }>(`
    select n.nspname || ' ' || c.relkind::text as kind, count(*)::int as count from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'pgboss', 'drizzle') group by 1
    union all select 'constraint ' || contype::text, count(*)::int from pg_constraint
      where connamespace in ('public'::regnamespace, 'pgboss'::regnamespace) group by contype
    union all select 'trigger', count(*)::int from pg_trigger where not tgisinternal
    union all select 'function', count(*)::int from pg_proc where pronamespace in ('public'::regnamespace, 'pgboss'::regnamespace)`);
  return Object.fromEntries(rows.map((row) => [row.kind, row.count]));
}

describe('restore drill on PostgreSQL', () => {
  it('pg_dump while members send and pay: the restore has every write answered before it, none asked after its snapshot, and the invariants hold on the app started on it', async (context) => {
    if (!(await postgresAnswers())) context.skip(`no PostgreSQL answers at ${postgresUrl}`);
    for (const tool of ['pg_dump', 'pg_restore'])
      if (spawnSync(tool, ['--version']).error) context.skip(`${tool} is not installed (Debian: postgresql-client)`);
    const suffix = `${process.pid}_${Date.now()}`;
    const sourceName = `restore_drill_source_${suffix}`;
    const restoredName = `restore_drill_restored_${suffix}`;
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'restore-drill-'));
    const file = path.join(folder, 'drill.dump');
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${sourceName}`);
    await admin.query(`create database ${restoredName}`);
    let source: TestApp | undefined;
    let restored: TestApp | undefined;
    const sourceDb = new pg.Client({ connectionString: urlOf(sourceName) });
    const gate = new pg.Client({ connectionString: urlOf(sourceName) });
    const restoredDb = new pg.Client({ connectionString: urlOf(restoredName) });
    let isStopped = false;
    let writing: Promise<unknown> = Promise.resolve();
    try {
      const app = (source = await startApp(urlOf(sourceName)));
      await Promise.all([sourceDb.connect(), gate.connect(), restoredDb.connect()]);
      await sourceDb.query(`create table ${GATE_TABLE} (id int)`);
      const members: TestMember[] = [];
      for (let index = 0; index < WRITERS; index += 1) members.push(await createMember(app));

      // Members write throughout: before the dump, while it is held half-way, after it.
      const acks: Ack[] = [];
      const writers = members.map((member, index) =>
        write(app, member, members[(index + 1) % WRITERS]!, acks, () => isStopped),
      );
      writing = Promise.all(writers);
      // A writer that fails stops the others; the failure is thrown where the drill waits for them.
      writing.catch(() => (isStopped = true));
      // Paid orders and messages answered before the dump (1 s at least, however slow the host).
      await waitUntil(() => counts(acks).orders > 0 && counts(acks).messages > 5, 1000);

      await gate.query('begin');
      await gate.query(`lock table ${GATE_TABLE} in access exclusive mode`);
      const dumpStartedAt = performance.now();
      const backup = npmRun('backup', [file], urlOf(sourceName));
      backup.catch(() => undefined);
      // pg_dump took its snapshot, then waits for the gate's lock (it locks every table it reads, after the snapshot).
      let heldAt = 0;
      while (!heldAt) {
        const { rowCount } = await sourceDb.query(
          `select 1 from pg_stat_activity where datname = $1 and application_name = 'pg_dump' and wait_event_type = 'Lock'`,
          [sourceName],
        );
        if (rowCount) heldAt = performance.now();
        else if (performance.now() - dumpStartedAt > 30_000) throw new Error('pg_dump never reached the gate');
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Paid orders and messages asked and answered while pg_dump is held (HOLD_MS at least).
      await waitUntil(() => {
        const held = counts(acks.filter((ack) => ack.askedAt > heldAt));
        return held.orders > 0 && held.messages > 5;
      }, HOLD_MS);
      await gate.query('rollback');
      const releasedAt = performance.now();
      const output = await backup;
      const dumpEndedAt = performance.now();
      expect(output).toMatch(/backup: PostgreSQL database restore_drill_source_\w+ written to/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      isStopped = true;
      await writing;

      const before = acks.filter((ack) => ack.answeredAt < dumpStartedAt);
      const afterSnapshot = acks.filter((ack) => ack.askedAt > heldAt);
      const whileHeld = afterSnapshot.filter((ack) => ack.answeredAt < dumpEndedAt);
      console.log(
        `restore drill: ${acks.length} writes answered (${acks.filter((ack) => ack.kind === 'order').length} paid orders); ${before.length} before pg_dump, ${whileHeld.length} asked and answered while it ran after its snapshot; dump ${(await fs.stat(file)).size} bytes in ${((dumpEndedAt - dumpStartedAt) / 1000).toFixed(1)} s (held ${((releasedAt - heldAt) / 1000).toFixed(1)} s)`,
      );
      // Writes did run while pg_dump had its snapshot: messages and payments.
      expect(whileHeld.filter((ack) => ack.kind === 'message').length).toBeGreaterThan(5);
      expect(whileHeld.filter((ack) => ack.kind === 'order').length).toBeGreaterThan(0);
      expect(before.filter((ack) => ack.kind === 'order').length).toBeGreaterThan(0);

      // The source itself: every answered write once, every invariant.
      expect(await copiesOf(sourceDb, acks)).toEqual(acks.map(() => 1));
      const sourceChecks = await checkInvariants(app.db);
      expect(
        sourceChecks.filter((item) => item.problemCount),
        formatInvariants(sourceChecks),
      ).toEqual([]);

      // Restore into the new database: pg_restore, then the invariants (npm run restore exits 1 if one breaks).
      const restoreOutput = await npmRun('restore', [file], urlOf(restoredName));
      expect(restoreOutput).toContain('every invariant holds');
      // Refused over a database with tables.
      await expect(npmRun('restore', [file], urlOf(restoredName))).rejects.toThrow(/has tables already/);
      expect(await schemaObjects(restoredDb)).toEqual(await schemaObjects(sourceDb));

      // What was answered before pg_dump started is there once; what was asked after its snapshot is not; the rest
      // (under way when the snapshot was taken) is there once or not at all.
      const copies = await copiesOf(restoredDb, acks);
      const copiesOfEach = (subset: Ack[]) => subset.map((ack) => copies[acks.indexOf(ack)]);
      expect(copiesOfEach(before)).toEqual(before.map(() => 1));
      expect(copiesOfEach(afterSnapshot)).toEqual(afterSnapshot.map(() => 0));
      expect(copies.every((count) => count === 0 || count === 1)).toBe(true);

      // The app starts on it: it migrates nothing, every member's session works and shows the ledger's balance.
      restored = await startApp(urlOf(restoredName));
      const restoredChecks = await checkInvariants(restored.db);
      expect(
        restoredChecks.filter((item) => item.problemCount),
        formatInvariants(restoredChecks),
      ).toEqual([]);
      expect(restoredChecks.find((item) => item.name === 'paid orders')!.checked).toBeGreaterThan(0);
      const ledger = await restoredDb.query<{ user_id: number; total: number }>(
        'select user_id, sum(amount)::int as total from credit_ledger group by user_id',
      );
      const ledgerSums = new Map(ledger.rows.map((row) => [row.user_id, row.total]));
      const clients = members.map((member) => Object.assign(createClient(restored!), { cookie: member.client.cookie }));
      for (const [index, member] of members.entries()) {
        const user = await clients[index]!.request({ url: '/api/user.php' });
        expect(user.statusCode).toBe(200);
        expect(user.json<{ user: User }>().user.credits).toBe(ledgerSums.get(member.user.id));
      }
      // And takes new writes: ids, sequences and the ledger's functions came back with the data.
      expect(await buyCredits(restored, clients[0]!)).not.toBeNull();
      const sent = await clients[0]!.request({
        method: 'POST',
        url: '/api/message.php',
        payload: { to: members[1]!.profileId, client_id: randomUUID(), text: 'after the restore' },
      });
      expect(sent.statusCode).toBe(200);
      const afterChecks = await checkInvariants(restored.db);
      expect(
        afterChecks.filter((item) => item.problemCount),
        formatInvariants(afterChecks),
      ).toEqual([]);
    } finally {
      isStopped = true;
      await writing.catch(() => undefined);
      await gate.query('rollback').catch(() => undefined);
      await Promise.all([sourceDb.end(), gate.end(), restoredDb.end()].map((ending) => ending.catch(() => undefined)));
      await source?.[Symbol.asyncDispose]();
      await restored?.[Symbol.asyncDispose]();
      await dropDatabaseWhenFree(admin, sourceName);
      await dropDatabaseWhenFree(admin, restoredName);
      await admin.end();
      await fs.rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
