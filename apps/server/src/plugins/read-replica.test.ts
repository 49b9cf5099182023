// Reads on a streaming replica (docs/read-replicas.md): a primary and its replica started for this file from the
// machine's PostgreSQL; search reads go to the replica while it is current, a member who just wrote reads the primary,
// and a replica that falls behind is left until it catches up.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { ChatResponse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { lsnToNumber } from '../db/replica.ts';
import { testConfig, type TestApp } from '../test-support/test-app.ts';
import { createMember, type TestMember } from '../test-support/members.ts';
import { postLedgerEntry } from '../modules/credits/index.ts';
import { postgresBinaries, startPrimaryAndReplica, type PgPair } from '../test-support/pg-replica.ts';
import { LAST_WRITE_COOKIE } from './read-replica.plugin.ts';

/** Long enough that a step of the test never outlasts it on a busy machine. */
const MAX_LAG_MS = 5000;

async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('lsnToNumber', () => {
  it('reads a WAL position as bytes', () => {
    expect(lsnToNumber('0/0')).toBe(0);
    expect(lsnToNumber('16/B374D848')).toBe(0x16 * 2 ** 32 + 0xb374d848);
    expect(lsnToNumber('1/0')).toBeGreaterThan(lsnToNumber('0/FFFFFFFF'));
  });
});

describe.skipIf(!postgresBinaries())('reads on a streaming replica', () => {
  let servers: PgPair;
  let app: TestApp;
  let replicaClient: pg.Client;
  let viewer: TestMember;
  let target: TestMember;

  beforeAll(async () => {
    servers = await startPrimaryAndReplica();
    app = (await buildApp(
      testConfig({
        databaseUrl: servers.primaryUrl,
        databaseReplicaUrl: servers.replicaUrl,
        replicaMaxLagMs: MAX_LAG_MS,
        redisUrl: undefined,
        // The chat test sends a few dozen messages in a second.
        rateLimitFactor: 100,
      }),
      { serveWeb: false },
    )) as unknown as TestApp;
    await app.ready();
    replicaClient = new pg.Client({ connectionString: servers.replicaUrl });
    await replicaClient.connect();
    viewer = await createMember(app, { gender: 'male', sexuality: 'hetero' });
    target = await createMember(app, { gender: 'female', sexuality: 'hetero' });
    await until(() => app.dbReplica!.isCurrent(), 'the replica to be current');
  }, 120_000);

  afterAll(async () => {
    await replicaClient?.end();
    await app?.close();
    await servers?.stop();
  });

  const searchIds = async (cookies: Record<string, string> = {}) => {
    const response = await viewer.client.request({ url: '/api/search.php', cookies });
    expect(response.statusCode).toBe(200);
    return (response.json() as { results: { id: number }[] }).results.map((result) => result.id);
  };

  it('serves search from the replica, and a member who just wrote from the primary', async () => {
    expect(await searchIds()).toContain(target.profileId);
    // The replica stops replaying: from now on it shows the past.
    await replicaClient.query('select pg_wal_replay_pause()');
    const block = await viewer.client.request({
      method: 'POST',
      url: '/api/block.php',
      payload: { id: target.profileId },
    });
    expect(block.statusCode).toBe(200);
    const lastWrite = block.cookies.find((cookie) => cookie.name === LAST_WRITE_COOKIE);
    expect(lastWrite?.httpOnly).toBe(true);
    // The member who blocked reads the primary: the blocked member is gone at once.
    expect(await searchIds({ [LAST_WRITE_COOKIE]: lastWrite!.value })).not.toContain(target.profileId);
    // A read without the mark is the replica's while it is within the lag: it still shows the past (proof of the route).
    expect(app.dbReplica!.isCurrent()).toBe(true);
    expect(await searchIds()).toContain(target.profileId);
    // Once the replica is further behind than the lag allows, every read is the primary's.
    await until(() => !app.dbReplica!.isCurrent(), 'the paused replica to fall behind', MAX_LAG_MS + 5000);
    expect(await searchIds()).not.toContain(target.profileId);
    // Replaying again, it catches up and serves reads again.
    await replicaClient.query('select pg_wal_replay_resume()');
    await until(() => app.dbReplica!.isCurrent(), 'the replica to catch up', MAX_LAG_MS + 5000);
    expect(await searchIds()).not.toContain(target.profileId);
  }, 60_000);

  it('serves older message pages from the replica, and the primary when the replica lacks one of them', async () => {
    await postLedgerEntry(app.db, {
      userId: viewer.user.id,
      amount: 1000,
      reason: 'bonus',
      idempotencyKey: `test:replica-chat:${viewer.user.id}`,
    });
    const send = async (text: string) => {
      const response = await viewer.client.request({
        method: 'POST',
        url: '/api/message.php',
        payload: { to: target.profileId, client_id: randomUUID(), text },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { conversation: { id: number } }).conversation.id;
    };
    // A fresh pair: the first test's block is between viewer and target.
    await viewer.client.request({ method: 'DELETE', url: '/api/block.php', payload: { id: target.profileId } });
    let conversation = 0;
    for (let index = 1; index <= 35; index++) conversation = await send(`message ${index}`);
    await until(async () => {
      const { rows } = await replicaClient.query('select count(*)::int as n from messages where conversation_id = $1', [
        conversation,
      ]);
      return (rows[0] as { n: number }).n === 35;
    }, 'the replica to hold the messages');
    await until(() => app.dbReplica!.isCurrent(), 'the replica to be current');
    await replicaClient.query('select pg_wal_replay_pause()');
    try {
      // Changed on the primary only (a test's hand, not the app's): the replica still has the old text.
      await app.db.execute(
        sql`update messages set body = 'changed on the primary' where conversation_id = ${conversation} and seq = 3`,
      );
      const older = async (before: number) => {
        const response = await viewer.client.request({
          url: `/api/chat.php?conversation=${conversation}&before=${before}`,
        });
        expect(response.statusCode).toBe(200);
        return (response.json() as ChatResponse).messages;
      };
      expect(app.dbReplica!.isCurrent()).toBe(true);
      expect((await older(10)).find((message) => message.seq === 3)?.body).toBe('message 3');
      // Two messages the replica has not replayed: a page right below the newest needs the first of them, which only
      // the primary has.
      await send('message 36');
      await send('message 37');
      const belowNewest = await older(37);
      expect(belowNewest.at(-1)).toMatchObject({ seq: 36, body: 'message 36' });
      expect(belowNewest.map((message) => message.seq)).toEqual(Array.from({ length: 30 }, (_, index) => index + 7));
    } finally {
      await replicaClient.query('select pg_wal_replay_resume()');
    }
  }, 60_000);

  it("serves another member's page from the replica, and the primary to a member who just wrote", async () => {
    const other = await createMember(app, { gender: 'female', sexuality: 'hetero' });
    // Every write of createMember replayed (her row, then her activation): "current" alone allows MAX_LAG_MS of lag.
    const { rows: written } = (await app.db.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as {
      rows: { lsn: string }[];
    };
    await until(async () => {
      const { rows } = await replicaClient.query<{ done: boolean }>(
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
        [written[0]!.lsn],
      );
      return rows[0]!.done;
    }, 'the replica to replay the new member');
    await until(() => app.dbReplica!.isCurrent(), 'the replica to be current');
    const page = async (cookies: Record<string, string> = {}) => {
      const response = await viewer.client.request({ url: `/api/member.php?id=${other.profileId}`, cookies });
      expect(response.statusCode).toBe(200);
      return (response.json() as { member: { name: string; relation: { is_liked: boolean } | null } }).member;
    };
    await replicaClient.query('select pg_wal_replay_pause()');
    try {
      // Changed on the primary only (a test's hand, not the app's): the replica still shows the old name.
      await app.db.execute(sql`update profiles set name = 'Changed on the primary' where id = ${other.profileId}`);
      expect(app.dbReplica!.isCurrent()).toBe(true);
      expect((await page()).name).toBe(other.name);
      // The viewer likes her: that answer marks a write, and the viewer's next read of her page is the primary's.
      const like = await viewer.client.request({
        method: 'POST',
        url: '/api/like.php',
        payload: { id: other.profileId },
      });
      expect(like.statusCode).toBe(200);
      const lastWrite = like.cookies.find((cookie) => cookie.name === LAST_WRITE_COOKIE)!;
      const fresh = await page({ [LAST_WRITE_COOKIE]: lastWrite.value });
      expect(fresh.name).toBe('Changed on the primary');
      expect(fresh.relation?.is_liked).toBe(true);
    } finally {
      await replicaClient.query('select pg_wal_replay_resume()');
    }
  }, 60_000);
});
