// The cluster on real parts (docs/cluster.md): two app instances on PostgreSQL and Redis behind HAProxy, members
// connected through the load balancer without sticky sessions. Messages and likes reach the partner's socket on the
// other instance; an instance killed mid-load loses no acknowledged message, and its members reconnect to the other;
// SIGTERM drains: requests in flight are answered, sockets are closed and reconnect elsewhere, the process exits 0.
// Vitest project `process`; CI runs it in its PostgreSQL pass (it needs PostgreSQL, Redis and HAProxy).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { testConfig, type TestApp } from '../apps/server/src/test-support/test-app.ts';
import { createMember, type TestMember } from '../apps/server/src/test-support/members.ts';
import { giveCredits } from '../apps/server/src/test-support/notifications.ts';
import { dropDatabaseWhenFree } from '../apps/server/src/test-support/databases.ts';
import { createStaff, STAFF_COOKIE, STAFF_PASSWORD } from '../apps/server/src/test-support/staff.ts';
import { siteInputOf } from '../apps/server/src/modules/admin/index.ts';
import type { AdminSiteInput } from '@app/contracts';
import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { sites } from '../apps/server/src/db/schema/index.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { hasHaproxy, startCluster, type Cluster } from './cluster/cluster.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const canRun = Boolean(serverUrl && redisUrl && hasHaproxy());

type SocketEvent = { type: string; [key: string]: unknown };

/** A member's socket through the load balancer, with the instance that took it (HAProxy's X-Instance). */
type MemberSocket = { socket: WebSocket; instance: string; events: SocketEvent[]; closed: Promise<number> };

let cluster: Cluster;
let database: string;
let admin: pg.Client;
let anna: TestMember;
let ben: TestMember;
/** A member the staff bans, and an admin of the staff console with the default site's settings as a form. */
let carl: TestMember;
let staff: { email: string; secret: string };
let siteInput: AdminSiteInput;

function connect(member: TestMember): Promise<MemberSocket> {
  const host = `127.0.0.1:${cluster.port}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${host}/api/socket`, {
      headers: { origin: `http://${host}`, cookie: `sid=${member.client.cookie}` },
    });
    const events: SocketEvent[] = [];
    let instance = '';
    socket.once('upgrade', (response) => (instance = String(response.headers['x-instance'] ?? '')));
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as SocketEvent;
      events.push(event);
      if (event.type === 'hello') resolve({ socket, instance, events, closed });
    });
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`socket: ${response.statusCode}`)));
  });
}

/** Connects until the socket lands on `instance` (or not on it, with `isOther`): HAProxy picks, not the member. */
async function connectTo(member: TestMember, instance: string, isOther = false): Promise<MemberSocket> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const socket = await connect(member);
    if ((socket.instance === instance) !== isOther) return socket;
    socket.socket.close();
    await socket.closed;
  }
  throw new Error(`no socket on ${isOther ? 'another instance than ' : ''}${instance}`);
}

/** A member's request through the load balancer: the answer and which instance gave it. */
async function call(member: TestMember, pathname: string, body?: unknown) {
  const response = await fetch(`${cluster.url}${pathname}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'request-type': 'client',
      cookie: `sid=${member.client.cookie}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, instance: response.headers.get('x-instance'), json: await response.json() };
}

/**
 * Sends a text as a client does: a failed attempt (the instance died, the connection broke) is sent again with the
 * same client id, which the server answers once. Answers the message's id once acknowledged.
 */
/** Which instance acknowledged each send (by message id), and how many attempts failed and were sent again. */
const servedBy = new Map<number, string>();
let retries = 0;
/** Why each attempt that was sent again failed. */
const failedSends: string[] = [];

async function send(from: TestMember, to: TestMember, text: string): Promise<number> {
  const clientId = randomUUID();
  for (let attempt = 0; ; attempt += 1) {
    if (attempt > 0) retries += 1;
    try {
      const answer = await call(from, '/api/message.php', { to: to.profileId, client_id: clientId, text });
      if (answer.status === 200) {
        const { id } = (answer.json as { message: { id: number } }).message;
        servedBy.set(id, String(answer.instance));
        return id;
      }
      if (answer.status < 500 || attempt > 20) throw new Error(`send: ${answer.status} ${JSON.stringify(answer.json)}`);
      failedSends.push(`${answer.status} from ${answer.instance}: ${JSON.stringify(answer.json)}`);
    } catch (error) {
      if (attempt > 20) throw error;
      failedSends.push(String((error as Error).cause ?? error));
    }
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 15_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The ids of the messages a socket heard of. */
const messagesOf = (socket: MemberSocket) =>
  socket.events.filter((event) => event.type === 'message').map((event) => (event.message as { id: number }).id);

/** The id of every stored message, once per row. */
async function storedMessageIds(): Promise<number[]> {
  const client = new pg.Client({ connectionString: serverUrl!.replace(/\/[^/]*$/, `/${database}`) });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>('select id from messages');
    return rows.map((row) => Number(row.id));
  } finally {
    await client.end();
  }
}

describe.skipIf(!canRun)('a cluster behind HAProxy on PostgreSQL and Redis', () => {
  beforeAll(async () => {
    database = `cluster_${randomUUID().slice(0, 8)}`;
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const databaseUrl = serverUrl!.replace(/\/[^/]*$/, `/${database}`);
    const redisKeyPrefix = `test:cluster:${randomUUID().slice(0, 8)}:`;
    // The members are made in-process on the database the instances then open (it migrates it, too).
    const config = testConfig({
      databaseUrl,
      redisUrl,
      redisKeyPrefix,
      dataDir: path.join(os.tmpdir(), `app-cluster-${process.pid}`),
    });
    const app = (await buildApp(config, { serveWeb: false })) as unknown as TestApp;
    await app.ready();
    try {
      anna = await createMember(app, { gender: 'female' });
      ben = await createMember(app, { gender: 'male' });
      carl = await createMember(app, { gender: 'male' });
      for (const member of [anna, ben, carl]) await giveCredits(app, member, 100_000);
      staff = await createStaff(app, 'admin');
      // The app's decorations are typed in its plugins' modules, which this program does not load: `db` by hand.
      const { db } = app as unknown as { db: Database };
      const [site] = await db.select().from(sites).where(eq(sites.isDefault, true));
      siteInput = siteInputOf(site!);
    } finally {
      await app.close();
    }
    cluster = await startCluster({
      instances: 2,
      databaseUrl,
      redisUrl: redisUrl!,
      env: { REDIS_KEY_PREFIX: redisKeyPrefix, RATE_LIMIT_FACTOR: '1000', SERVE_WEB: 'false', DRAIN_MS: '1000' },
    });
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    if (admin) await dropDatabaseWhenFree(admin, database);
    await admin?.end();
  }, 60_000);

  it('spreads requests over the instances, and a message or like reaches the partner on the other instance', async () => {
    const seen = new Set<string>();
    for (let index = 0; index < 6; index += 1) seen.add(String((await call(anna, '/api/user.php')).instance));
    expect([...seen].sort()).toEqual(['app1', 'app2']);

    const annaSocket = await connectTo(anna, 'app1');
    const benSocket = await connectTo(ben, 'app1', true);
    expect(benSocket.instance).toBe('app2');
    const sent: number[] = [];
    for (let index = 0; index < 10; index += 1) sent.push(await send(anna, ben, `Hello ${index}`));
    await until(() => sent.every((id) => messagesOf(benSocket).includes(id)), "Ben's socket to get every message");
    // Both of Anna's own tabs hear of her sends too, wherever the send was served.
    await until(() => sent.every((id) => messagesOf(annaSocket).includes(id)), "Anna's socket to get her sends");

    expect((await call(ben, '/api/like.php', { id: anna.profileId })).status).toBe(200);
    await until(
      () => annaSocket.events.some((event) => event.type === 'like' && event.profile_id === ben.profileId),
      "Anna's socket to hear of Ben's like",
    );
    annaSocket.socket.close();
    benSocket.socket.close();
  }, 60_000);

  it('a ban and a new site made through one instance take effect on every instance', async () => {
    // A request to one instance, bypassing the load balancer (with node:http: fetch does not send a Host header).
    const direct = (index: number, pathname: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; json: () => Promise<unknown> }>((resolve, reject) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port: cluster.instances[index]!.port,
            path: pathname,
            headers: { 'request-type': 'client', ...headers },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk) => (body += String(chunk)));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, json: async () => JSON.parse(body) as unknown }),
            );
          },
        );
        request.on('error', reject);
      });
    const carlSocket = await connect(carl);
    // Both instances know Carl, and answer a domain that has no site yet with the default site (and cache that).
    const domain = `cluster-${randomUUID().slice(0, 8)}.example.com`;
    for (const index of [0, 1]) {
      expect((await direct(index, '/api/user.php', { cookie: `sid=${carl.client.cookie}` })).status).toBe(200);
      const settings = (await (await direct(index, '/api/settings.php', { host: domain })).json()) as {
        settings: { name: string };
      };
      expect(settings.settings.name).toBe(siteInput.name);
    }

    const login = await fetch(`${cluster.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'request-type': 'client', 'content-type': 'application/json' },
      body: JSON.stringify({
        email: staff.email,
        password: STAFF_PASSWORD,
        code: await generate({ secret: staff.secret }),
      }),
    });
    expect(login.status).toBe(200);
    const staffCookie = /staff_sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    const asStaff = (method: string, pathname: string, body: unknown) =>
      fetch(`${cluster.url}${pathname}`, {
        method,
        headers: {
          'request-type': 'client',
          'content-type': 'application/json',
          cookie: `${STAFF_COOKIE}=${staffCookie}`,
        },
        body: JSON.stringify(body),
      });

    const ban = await asStaff('POST', `/api/admin/members/${carl.user.id}/ban`, { reason: 'scam_spam' });
    expect(ban.status).toBe(200);
    // His socket, wherever it is, hears why; neither instance answers for his session any longer.
    await until(
      () => carlSocket.events.some((event) => event.type === 'session_ended' && event.ban_reason === 'scam_spam'),
      "Carl's socket to hear of the ban",
    );
    for (const index of [0, 1])
      await until(
        async () => (await direct(index, '/api/user.php', { cookie: `sid=${carl.client.cookie}` })).status !== 200,
        `instance ${index + 1} to refuse Carl's session`,
        2_000,
      );

    const created = await asStaff('POST', '/api/admin/sites', { ...siteInput, domain, name: 'Cluster New' });
    expect(created.status).toBe(200);
    for (const index of [0, 1])
      await until(
        async () =>
          (
            (await (await direct(index, '/api/settings.php', { host: domain })).json()) as {
              settings: { name: string };
            }
          ).settings.name === 'Cluster New',
        `instance ${index + 1} to serve the new site`,
        2_000,
      );
  }, 60_000);

  it('an instance killed mid-load loses no acknowledged message, and its members reconnect to the other', async () => {
    const benSocket = await connect(ben);
    const victim = cluster.instances.findIndex((instance) => instance.name === benSocket.instance);
    const survivor = cluster.instances[1 - victim]!.name;
    const acknowledged: number[] = [];
    let isLoading = true;
    const senders = Array.from({ length: 4 }, async (_, lane) => {
      for (let index = 0; isLoading; index += 1) acknowledged.push(await send(anna, ben, `Load ${lane}.${index}`));
    });
    await until(() => acknowledged.length >= 20, 'the first sends');
    // Both instances were taking sends when one is killed.
    expect(new Set(acknowledged.map((id) => servedBy.get(id)))).toEqual(new Set(['app1', 'app2']));
    cluster.instances[victim]!.child.kill('SIGKILL');
    expect(await cluster.instances[victim]!.exited).toBe('SIGKILL');
    // Ben's socket went down with it; he reconnects (with back-off, as the app does) and lands on the survivor.
    await benSocket.closed;
    await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 300));
    const again = await connect(ben);
    expect(again.instance).toBe(survivor);
    const countAtKill = acknowledged.length;
    await until(() => acknowledged.length >= countAtKill + 20, 'sends after the kill');
    isLoading = false;
    await Promise.all(senders);

    console.log(`killed mid-load: ${acknowledged.length} sends acknowledged, ${retries} attempts sent again`);
    // Every acknowledged send is stored exactly once, retried or not (a retry answers the stored message).
    const stored = await storedMessageIds();
    for (const id of acknowledged) expect(stored.filter((storedId) => storedId === id)).toHaveLength(1);
    // Ben catches up from the database what his socket missed while reconnecting: the newest page holds the last ones.
    const page = await call(ben, `/api/chat.php?profile=${anna.profileId}`);
    const onPage = (page.json as { messages: { id: number }[] }).messages.map((message) => message.id);
    expect(acknowledged.slice(-10).every((id) => onPage.includes(id) || messagesOf(again).includes(id))).toBe(true);
    // Sends after the reconnect reach the new socket live.
    const after = await send(anna, ben, 'After the kill');
    await until(() => messagesOf(again).includes(after), 'a live message after the reconnect');
    again.socket.close();

    await until(() => cluster.isUp(1 - victim), 'the survivor to be up');
    // HAProxy counts the killed instance down after two failed checks (about 1 s); the sends above may take less now.
    await until(async () => !(await cluster.isUp(victim)), 'HAProxy to count the killed instance down');
    await cluster.restart(victim);
    await until(() => cluster.isUp(victim), 'the restarted instance to be up');
  }, 90_000);

  it('a rolling restart while members send and poll: no failed request, no lost or doubled message', async () => {
    const retriesBefore = retries;
    const failuresBefore = failedSends.length;
    const acknowledged: number[] = [];
    const polls: number[] = [];
    let isLoading = true;
    const senders = Array.from({ length: 3 }, async (_, lane) => {
      for (let index = 0; isLoading; index += 1) acknowledged.push(await send(anna, ben, `Rolling ${lane}.${index}`));
    });
    // Ben's app polls the conversation, as it does without a socket.
    const poller = (async () => {
      while (isLoading) {
        polls.push((await call(ben, `/api/chat.php?profile=${anna.profileId}`).catch(() => ({ status: 0 }))).status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await until(() => acknowledged.length >= 10, 'the first sends');
    // One instance at a time, as a deploy rolls them: SIGTERM (it drains), wait for its exit, start it, wait until
    // the load balancer counts it up, then the next.
    for (const index of [0, 1]) {
      cluster.instances[index]!.child.kill('SIGTERM');
      expect(await cluster.instances[index]!.exited).toBe(0);
      await cluster.restart(index);
      await until(() => cluster.isUp(index), `instance ${index + 1} to be back in the load balancer`);
      const countAtRestart = acknowledged.length;
      await until(() => acknowledged.length >= countAtRestart + 10, 'sends after the restart');
    }
    isLoading = false;
    await Promise.all([...senders, poller]);
    console.log(
      `rolling restart: ${acknowledged.length} sends and ${polls.length} polls, ${retries - retriesBefore} sends sent again`,
    );
    // No request failed: no send needed a second attempt, every poll was answered.
    expect(failedSends.slice(failuresBefore)).toEqual([]);
    expect(retries - retriesBefore).toBe(0);
    expect(polls.filter((status) => status !== 200)).toEqual([]);
    // Every acknowledged send is stored exactly once.
    const stored = await storedMessageIds();
    for (const id of acknowledged) expect(stored.filter((storedId) => storedId === id)).toHaveLength(1);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
  }, 120_000);

  it('SIGTERM drains: requests in flight are answered, sockets close and reconnect elsewhere, exit code 0', async () => {
    const annaSocket = await connect(anna);
    const leaving = cluster.instances.findIndex((instance) => instance.name === annaSocket.instance);
    const staying = cluster.instances[1 - leaving]!.name;
    const acknowledged: number[] = [];
    let isLoading = true;
    const senders = Array.from({ length: 4 }, async (_, lane) => {
      for (let index = 0; isLoading; index += 1) acknowledged.push(await send(ben, anna, `Drain ${lane}.${index}`));
    });
    await until(() => acknowledged.length >= 10, 'the first sends');
    cluster.instances[leaving]!.child.kill('SIGTERM');
    // The socket is closed by the server as a restart (1012), not dropped: the app reconnects at once, with jitter.
    expect(await annaSocket.closed).toBe(1012);
    const again = await connect(anna);
    expect(again.instance).toBe(staying);
    expect(await cluster.instances[leaving]!.exited).toBe(0);
    const countAtExit = acknowledged.length;
    await until(() => acknowledged.length >= countAtExit + 10, 'sends after the drain');
    isLoading = false;
    await Promise.all(senders);
    const stored = await storedMessageIds();
    for (const id of acknowledged) expect(stored.filter((storedId) => storedId === id)).toHaveLength(1);
    again.socket.close();
    await cluster.restart(leaving);
  }, 90_000);
});
