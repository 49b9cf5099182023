// Chat benchmark (`npm run bench -- chat`): every figure as a ratio to a bare baseline measured in the same run.
//   1. POST /api/message.php (session, debit through the ledger, insert, publish) per second against a bare single-row
//      INSERT commit loop on the same database, same driver and pool, same concurrency.
//   2. app.realtime.publish on instance A to a member socket on instance B (p50/p99) against a bare Redis
//      publish -> subscriber; and HTTP send on A -> socket message on B against a bare INSERT commit + publish -> subscriber.
//   3. chats.php of a member with 1,000 conversations (200 and 304) against a primary-key lookup through the same HTTP stack.
//   4. Memory per open, idle member socket with 5,000 of them on one instance.
// The app instances are child processes (bench/chat/instance.ts) on PostgreSQL (BENCH_DATABASE_URL, its tables
// emptied first) and Redis (REDIS_URL, a key prefix of its own); without them, one instance on PGlite / in-process bus.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import WebSocket from 'ws';
import type { Command, CpuReading, InsertLoopResult, MemoryReading, Ready, Reply, SeededMember } from './protocol.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PAIRS = 16;
const LATENCY_ROUNDS = 5;
const DELIVERIES_PER_ROUND = 200;
const SENDS_PER_ROUND = 60;
const CONVERSATIONS = 1000;
const IDLE_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const SOCKET_PATH = '/api/socket';
/** BENCH_PHASES=1,3 runs only those phases; BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each instance there. */
const PHASES = new Set((process.env.BENCH_PHASES ?? '1,2,3,4').split(',').map((phase) => phase.trim()));
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tag = randomBytes(4).toString('hex');

// ---- helpers ----

const now = () => process.hrtime.bigint();
const ms = (from: bigint, to: bigint) => Number(to - from) / 1e6;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
const median = (values: number[]) => percentile(values, 50);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const fmt = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const mb = (bytes: number) => bytes / 1024 / 1024;

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Empties every table of the public schema, as the API suite does between files (the migration journal stays). */
async function emptyTables(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public'",
    );
    if (rows.length)
      await client.query(
        `truncate ${rows.map((row) => `"public"."${row.tablename}"`).join(', ')} restart identity cascade`,
      );
  } finally {
    await client.end();
  }
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

// ---- app instances (child processes) ----

type Instance = Ready & {
  name: string;
  base: string;
  host: string;
  child: ChildProcess;
  dataDir: string;
  call<T = unknown>(command: Command): Promise<T>;
};

async function startInstance(name: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-chat-'));
  const profile = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] : [];
  const child = spawn(process.execPath, ['--expose-gc', ...profile, path.join(root, 'bench/chat/instance.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://127.0.0.1',
      RATE_LIMIT_FACTOR: '1000000',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let seq = 0;
  const ready = new Promise<Ready>((resolve, reject) => {
    pending.set(0, { resolve: resolve as (value: unknown) => void, reject });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} during start-up`)));
  });
  child.on('message', (reply: Reply) => {
    const waiter = pending.get(reply.seq);
    if (!waiter) return;
    pending.delete(reply.seq);
    if (reply.ok) waiter.resolve(reply.value);
    else waiter.reject(new Error(`${name}: ${reply.error}`));
  });
  const info = await ready;
  return {
    ...info,
    name,
    base: `http://127.0.0.1:${info.port}`,
    host: `127.0.0.1:${info.port}`,
    child,
    dataDir,
    call<T>(command: Command): Promise<T> {
      seq += 1;
      const id = seq;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ seq: id, command });
      });
    },
  };
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  await Promise.race([instance.call({ type: 'close' }).catch(() => undefined), sleep(5000)]);
  await Promise.race([exited, sleep(5000)]);
  if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  await fs.rm(instance.dataDir, { recursive: true, force: true });
}

// ---- member sockets ----

type MemberSocket = {
  socket: WebSocket;
  onEvent: (handler: (event: { type: string; [key: string]: unknown }) => void) => void;
};

function openSocket(instance: Instance, token: string): Promise<MemberSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${instance.host}${SOCKET_PATH}`, {
      headers: { origin: `http://${instance.host}`, cookie: `sid=${token}` },
      perMessageDeflate: false,
    });
    const handlers: ((event: { type: string }) => void)[] = [];
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as { type: string };
      if (event.type === 'hello') resolve({ socket, onEvent: (handler) => handlers.push(handler) });
      for (const handler of handlers) handler(event);
    });
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`socket refused: ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

/** Waiters keyed by an id: the receipt time of each id, resolved when it arrives. */
function receipts() {
  const waiters = new Map<string, (at: bigint) => void>();
  return {
    expect(id: string, timeoutMs = 5000): Promise<bigint> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(id);
          reject(new Error(`${id} not received within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.set(id, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
    arrived(id: string) {
      const at = now();
      const waiter = waiters.get(id);
      if (waiter) {
        waiters.delete(id);
        waiter(at);
      }
    },
  };
}

// ---- load ----

type Load = { perSecond: number; sent: number; p50: number; p99: number; failed: number; codes: string };

async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const ok = result['2xx'] + result['3xx'];
  const failed = result.non2xx - result['3xx'] + result.errors + result.timeouts;
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}:${(stat as { count: number }).count}`)
    .join(' ');
  return {
    perSecond: ok / (result.duration || SECONDS),
    sent: result.requests.sent,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed,
    codes,
  };
}

/**
 * A closed-loop GET load over node:http keep-alive connections. autocannon cannot measure the app's 304 answers:
 * they carry `Content-Length: 4` without a body, and its parser waits for those 4 bytes forever.
 */
async function httpLoad(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const codes = new Map<number, number>();
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const request = http.get(url, { agent, headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          codes.set(status, (codes.get(status) ?? 0) + 1);
          if (status >= 400) failed += 1;
          else latencies.push(performance.now() - t0);
          resolve();
        });
      });
      request.on('error', () => {
        failed += 1;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    perSecond: latencies.length / elapsed,
    sent: latencies.length + failed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed,
    codes: [...codes].map(([code, count]) => `${code}:${count}`).join(' '),
  };
}

/** CPU milliseconds an instance spent between two readings. */
const cpuMs = (before: CpuReading, after: CpuReading) =>
  (after.user - before.user + after.system - before.system) / 1000;
/** What an instance spent per request between two readings: CPU ms, PostgreSQL statements, Redis commands. */
const perRequest = (before: CpuReading, after: CpuReading, requests: number) => ({
  cpu: cpuMs(before, after) / requests,
  queries: (after.queries - before.queries) / requests,
  redis: (after.redisCommands - before.redisCommands) / requests,
});
type Cost = ReturnType<typeof perRequest>;
const costCells = (costs: Cost[]) => [
  fmt(median(costs.map((cost) => cost.cpu)), 3),
  fmt(median(costs.map((cost) => cost.queries)), 1),
  fmt(median(costs.map((cost) => cost.redis)), 1),
];

function table(header: string[], rows: (string | number)[][]): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

// ---- main ----

async function main() {
  const started = performance.now();
  const hasPostgres = await postgresAnswers(DATABASE_URL);
  const hasRedis = await redisAnswers(REDIS_URL);
  const redisKeyPrefix = `bench:chat:${tag}:`;
  if (hasPostgres) await emptyTables(DATABASE_URL);
  const env = {
    DATABASE_URL: hasPostgres ? DATABASE_URL : '',
    REDIS_URL: hasRedis ? REDIS_URL : '',
    REDIS_KEY_PREFIX: redisKeyPrefix,
  };
  console.log(
    `Database: ${hasPostgres ? `PostgreSQL ${DATABASE_URL.replace(/\/\/[^@/]*@/, '//…@')} (tables emptied)` : 'PGlite (PostgreSQL did not answer)'}; ` +
      `bus: ${hasRedis ? `Redis ${REDIS_URL}, prefix ${redisKeyPrefix}` : 'in-process (Redis did not answer)'}; ${os.cpus().length} cores, Node ${process.version}; ` +
      `load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}.`,
  );
  const twoInstances = hasPostgres && hasRedis;
  if (!twoInstances)
    console.log('One app instance only (two need PostgreSQL and Redis): "A" and "B" below are the same process.');

  const instances: Instance[] = [];
  const subscriber = hasRedis ? new Redis(REDIS_URL, { maxRetriesPerRequest: 1 }) : null;
  const sockets: WebSocket[] = [];
  try {
    const a = await startInstance('A', env);
    instances.push(a);
    const b = twoInstances ? await startInstance('B', env) : a;
    if (b !== a) instances.push(b);
    console.log(
      `Instances up after ${((performance.now() - started) / 1000).toFixed(1)} s (A ${a.base}${b !== a ? `, B ${b.base}` : ''}).\n`,
    );

    const members = await a.call<SeededMember[]>({
      type: 'seedMembers',
      count: PAIRS * 2,
      credits: 10_000_000,
      tag: `${tag}p`,
    });
    const pairs = Array.from({ length: PAIRS }, (_, index) => ({
      sender: members[index]!,
      recipient: members[PAIRS + index]!,
    }));
    await a.call({ type: 'prepareBare' });
    const send = (instance: Instance, from: SeededMember, to: SeededMember, text: string) =>
      fetch(`${instance.base}/api/message.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'request-type': 'client', cookie: `sid=${from.token}` },
        body: JSON.stringify({ to: to.profileId, client_id: randomUUID(), text }),
      });
    // Every pair's conversation exists before the timed runs (the first send also creates it).
    for (const pair of pairs) {
      const response = await send(a, pair.sender, pair.recipient, 'Hello, first message');
      if (response.status !== 200) throw new Error(`warm-up send failed: ${response.status} ${await response.text()}`);
    }

    if (PHASES.has('1')) await measureSends(a, b, pairs);
    if (PHASES.has('2')) await measureDelivery(a, b, pairs[0]!, subscriber, send, twoInstances);
    if (PHASES.has('3')) await measureList(a);
    if (PHASES.has('4')) await measureSockets(a, b, sockets);

    console.log(
      `Whole run: ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}.`,
    );
    if (hasPostgres) await a.call({ type: 'dropBare' });
  } finally {
    for (const socket of sockets) socket.terminate();
    subscriber?.disconnect();
    for (const instance of instances.reverse()) await stopInstance(instance);
    if (hasRedis) await deleteRedisKeys(REDIS_URL, redisKeyPrefix);
  }
}

type Pair = { sender: SeededMember; recipient: SeededMember };
type Send = (instance: Instance, from: SeededMember, to: SeededMember, text: string) => Promise<Response>;

/** 1. POST /api/message.php per second against the bare INSERT commit loop, same pool and concurrency. */
async function measureSends(a: Instance, b: Instance, pairs: Pair[]): Promise<void> {
  let nextPair = 0;
  const sendLoad = (duration = SECONDS, path = '/api/message.php') =>
    load({
      url: `${a.base}${path}`,
      duration,
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (request, context) => {
            const state = context as { pair?: number };
            state.pair ??= nextPair++ % pairs.length;
            const pair = pairs[state.pair]!;
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                'request-type': 'client',
                cookie: `sid=${pair.sender.token}`,
              },
              body: JSON.stringify({
                to: pair.recipient.profileId,
                client_id: randomUUID(),
                text: 'Hello there, how are you today?',
              }),
            };
          },
        },
      ],
    });
  await sendLoad(1);
  await a.call<InsertLoopResult>({ type: 'insertLoop', concurrency: CONNECTIONS, ms: 1000 });
  await sendLoad(1, '/bench/insert');
  const sendRuns: Load[] = [];
  const floorRuns: Load[] = [];
  const floorCosts: Cost[] = [];
  const insertRuns: number[] = [];
  const sendCosts: Cost[] = [];
  const insertCosts: Cost[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const cpuBefore = await a.call<CpuReading>({ type: 'cpu' });
    const bare = await a.call<InsertLoopResult>({ type: 'insertLoop', concurrency: CONNECTIONS, ms: SECONDS * 1000 });
    const cpuBetween = await a.call<CpuReading>({ type: 'cpu' });
    insertRuns.push(bare.inserts / (bare.ms / 1000));
    insertCosts.push(perRequest(cpuBefore, cpuBetween, bare.inserts));
    const run = await sendLoad();
    // autocannon leaves its last requests running on the server: let them finish before the next reading.
    await sleep(1000);
    const cpuAfter = await a.call<CpuReading>({ type: 'cpu' });
    sendRuns.push(run);
    sendCosts.push(perRequest(cpuBetween, cpuAfter, run.sent));
    const floor = await sendLoad(SECONDS, '/bench/insert');
    await sleep(1000);
    const cpuFloor = await a.call<CpuReading>({ type: 'cpu' });
    floorRuns.push(floor);
    floorCosts.push(perRequest(cpuAfter, cpuFloor, floor.sent));
  }
  const floorRate = median(floorRuns.map((run) => run.perSecond));
  const insertRate = median(insertRuns);
  const sendRate = median(sendRuns.map((run) => run.perSecond));
  console.log(
    `## 1. Message send (${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} concurrent, ${pairs.length} sender/recipient pairs; medians)\n`,
  );
  table(
    [
      'measure',
      'per second',
      'ratio to bare INSERT',
      'p50 ms',
      'p99 ms',
      `CPU ms on ${a.name} each`,
      'SQL statements each',
      'Redis commands each',
      'failed',
    ],
    [
      [
        'bare single-row INSERT commit loop (app pool, Drizzle)',
        fmt(insertRate, 0),
        '1.00',
        '',
        '',
        ...costCells(insertCosts),
        0,
      ],
      [
        'POST /api/message.php (session, debit, insert, publish)',
        fmt(sendRate, 0),
        fmt(sendRate / insertRate, 3),
        fmt(median(sendRuns.map((run) => run.p50)), 1),
        fmt(median(sendRuns.map((run) => run.p99)), 1),
        ...costCells(sendCosts),
        `${sendRuns.reduce((sum, run) => sum + run.failed, 0)} (${sendRuns.at(-1)?.codes})`,
      ],
      [
        'floor: POST /bench/insert (same hooks and session, one INSERT commit, no ledger or publish)',
        fmt(floorRate, 0),
        fmt(floorRate / insertRate, 3),
        fmt(median(floorRuns.map((run) => run.p50)), 1),
        fmt(median(floorRuns.map((run) => run.p99)), 1),
        ...costCells(floorCosts),
        `${floorRuns.reduce((sum, run) => sum + run.failed, 0)} (${floorRuns.at(-1)?.codes})`,
      ],
    ],
  );
  console.log(
    `\nThe floor row is the most any message.php can reach on this HTTP stack and machine: send / floor = ${fmt(sendRate / floorRate, 3)}.`,
  );
  console.log(`\nTarget >= 0.5: ${sendRate / insertRate >= 0.5 ? 'met' : 'NOT met'}.${b === a ? '' : ''}\n`);
}

/** 2. Publish on A -> socket on B, and HTTP send on A -> socket on B, against bare Redis (and INSERT + Redis). */
async function measureDelivery(
  a: Instance,
  b: Instance,
  pair: Pair,
  subscriber: Redis | null,
  send: Send,
  twoInstances: boolean,
): Promise<void> {
  const { sender, recipient } = pair;
  const receiver = await openSocket(b, recipient.token);
  const published = receipts();
  const bareReceived = receipts();
  receiver.onEvent((event) => {
    if (event.type === 'unread') published.arrived(`u${String(event.unread_total)}`);
    if (event.type === 'message') published.arrived(`m${String((event.message as { body: string | null }).body)}`);
  });
  if (subscriber) {
    await subscriber.subscribe(a.bareChannel);
    subscriber.on('message', (_channel: string, message: string) => bareReceived.arrived(`b${message}`));
  }
  let id = 1_000_000;
  const deliveries = { app: [] as number[], bare: [] as number[] };
  const wholeSends = { app: [] as number[], bare: [] as number[], answered: [] as number[] };
  const once = async (kind: 'app' | 'bare', warm: boolean) => {
    id += 1;
    const arrival = kind === 'app' ? published.expect(`u${id}`) : bareReceived.expect(`b${id}`);
    const t0 = BigInt(
      await a.call<string>(
        kind === 'app' ? { type: 'publish', id, profileIds: [recipient.profileId] } : { type: 'barePublish', id },
      ),
    );
    const at = await arrival;
    if (!warm) deliveries[kind].push(ms(t0, at));
  };
  const wholeOnce = async (kind: 'app' | 'bare', warm: boolean) => {
    id += 1;
    if (kind === 'app') {
      const body = `e2e-${id}`;
      const arrival = published.expect(`m${body}`);
      const t0 = now();
      const response = await send(a, sender, recipient, body);
      const answeredAt = now();
      if (response.status !== 200) throw new Error(`send failed: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      const at = await arrival;
      if (!warm) {
        wholeSends.app.push(ms(t0, at));
        wholeSends.answered.push(ms(t0, answeredAt));
      }
    } else {
      const arrival = bareReceived.expect(`b${id}`);
      const t0 = BigInt(await a.call<string>({ type: 'bareInsertPublish', id }));
      const at = await arrival;
      if (!warm) wholeSends.bare.push(ms(t0, at));
    }
  };
  for (let warm = 0; warm < 50; warm += 1) {
    await once('app', true);
    if (subscriber) await once('bare', true);
    if (warm < 20) {
      await wholeOnce('app', true);
      if (subscriber) await wholeOnce('bare', true);
    }
  }
  // Interleaved rounds, one message in flight at a time: latency, not throughput.
  for (let round = 0; round < LATENCY_ROUNDS; round += 1) {
    for (let index = 0; index < DELIVERIES_PER_ROUND; index += 1) await once('app', false);
    if (subscriber) for (let index = 0; index < DELIVERIES_PER_ROUND; index += 1) await once('bare', false);
    for (let index = 0; index < SENDS_PER_ROUND; index += 1) await wholeOnce('app', false);
    if (subscriber) for (let index = 0; index < SENDS_PER_ROUND; index += 1) await wholeOnce('bare', false);
  }
  receiver.socket.terminate();
  if (subscriber) await subscriber.unsubscribe(a.bareChannel);
  const row = (name: string, values: number[], base: number[]) => [
    name,
    values.length,
    fmt(median(values), 3),
    fmt(percentile(values, 99), 3),
    base.length ? fmt(median(values) / median(base)) : 'n/a',
    base.length ? fmt(percentile(values, 99) / percentile(base, 99)) : 'n/a',
  ];
  console.log(
    `## 2. Delivery ${twoInstances ? 'from instance A to a member socket on instance B' : 'on one instance'} (one in flight at a time, ${LATENCY_ROUNDS} interleaved rounds)\n`,
  );
  table(
    ['measure', 'samples', 'p50 ms', 'p99 ms', 'p50 ratio', 'p99 ratio'],
    [
      row('bare ioredis publish -> subscriber', deliveries.bare, deliveries.bare),
      row(`app.realtime.publish on A -> socket on B`, deliveries.app, deliveries.bare),
      row('bare INSERT commit + publish -> subscriber', wholeSends.bare, wholeSends.bare),
      row('POST /api/message.php on A -> socket message on B', wholeSends.app, wholeSends.bare),
      row('  (the same sends: HTTP answer on A)', wholeSends.answered, wholeSends.bare),
    ],
  );
  if (deliveries.bare.length) {
    console.log(
      `\nTarget publish-to-socket p99 <= 3x: ${percentile(deliveries.app, 99) / percentile(deliveries.bare, 99) <= 3 ? 'met' : 'NOT met'}.\n`,
    );
  } else {
    console.log('\nNo Redis: the bare Redis baselines were not measured.\n');
  }
}

/** 3. chats.php (200, and 304) of a member with 1,000 conversations against a primary-key lookup through the same HTTP stack. */
async function measureList(a: Instance): Promise<void> {
  const [inboxOwner] = await a.call<SeededMember[]>({ type: 'seedMembers', count: 1, credits: 0, tag: `${tag}i` });
  await a.call({ type: 'seedConversations', profileId: inboxOwner!.profileId, count: CONVERSATIONS });
  const cookie = `sid=${inboxOwner!.token}`;
  const first = await fetch(`${a.base}/api/chats.php`, { headers: { cookie } });
  const listed = (await first.json()) as { chats: unknown[]; next_cursor: string | null; unread_total: number };
  const etag = first.headers.get('etag');
  if (first.status !== 200 || listed.chats.length !== 50 || !listed.next_cursor || !etag) {
    throw new Error(
      `chats.php is not a full first page: ${first.status}, ${listed.chats.length} entries, etag ${etag}`,
    );
  }
  const notModified = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get(`${a.base}/api/chats.php`, { headers: { cookie, 'if-none-match': etag } }, (response) =>
        resolve(response.resume()),
      )
      .on('error', reject),
  );
  const pkCheck = await fetch(`${a.base}/bench/pk`, { headers: { cookie } });
  if (pkCheck.status !== 200) throw new Error(`/bench/pk: ${pkCheck.status}`);
  const targets: { name: string; path: string; headers: Record<string, string> }[] = [
    {
      name: 'primary-key lookup (GET /bench/pk: same hooks, session, one select by id)',
      path: '/bench/pk',
      headers: { cookie },
    },
    { name: `GET /api/chats.php (first page of 50 of ${CONVERSATIONS})`, path: '/api/chats.php', headers: { cookie } },
    {
      name: 'GET /api/chats.php, Accept-Encoding gzip, br (as browsers send)',
      path: '/api/chats.php',
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    },
    {
      name: 'GET /api/chats.php, If-None-Match (304)',
      path: '/api/chats.php',
      headers: { cookie, 'if-none-match': etag },
    },
  ];
  const runs = new Map<string, Load[]>(targets.map((target) => [target.name, []]));
  const costs = new Map<string, Cost[]>(targets.map((target) => [target.name, []]));
  for (const target of targets) await httpLoad(`${a.base}${target.path}`, target.headers, 1);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      const before = await a.call<CpuReading>({ type: 'cpu' });
      const run = await httpLoad(`${a.base}${target.path}`, target.headers);
      const after = await a.call<CpuReading>({ type: 'cpu' });
      runs.get(target.name)!.push(run);
      costs.get(target.name)!.push(perRequest(before, after, run.sent));
    }
  }
  const base = runs.get(targets[0]!.name)!;
  const pkRate = median(base.map((run) => run.perSecond));
  const pkP99 = median(base.map((run) => run.p99));
  console.log(
    `## 3. chats.php of a member with ${CONVERSATIONS} conversations (${listed.unread_total} unread); ${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} keep-alive connections, medians\n`,
  );
  table(
    [
      'endpoint',
      'requests/s',
      'ratio to PK lookup',
      'p50 ms',
      'p99 ms',
      'p99 ratio',
      `CPU ms on ${a.name} each`,
      'SQL statements each',
      'Redis commands each',
      'failed',
    ],
    targets.map((target) => {
      const list = runs.get(target.name)!;
      const rate = median(list.map((run) => run.perSecond));
      const p99 = median(list.map((run) => run.p99));
      return [
        target.name,
        fmt(rate, 0),
        fmt(rate / pkRate, 3),
        fmt(median(list.map((run) => run.p50)), 1),
        fmt(p99, 1),
        fmt(p99 / pkP99),
        ...costCells(costs.get(target.name)!),
        `${list.reduce((sum, run) => sum + run.failed, 0)} (${list.at(-1)?.codes})`,
      ];
    }),
  );
  console.log(
    `\nThe 304 answer carries Content-Length: ${notModified.headers['content-length'] ?? '(none)'} and no body (status ${notModified.statusCode}).\n`,
  );
}

/** 4. Memory per open idle member socket: IDLE_SOCKETS distinct members (and sessions) connected to B. */
async function measureSockets(a: Instance, b: Instance, sockets: WebSocket[]): Promise<void> {
  const idleMembers = await a.call<SeededMember[]>({
    type: 'seedMembers',
    count: IDLE_SOCKETS,
    credits: 0,
    tag: `${tag}s`,
  });
  // Code paths warmed (and their one-time allocations made) before the first reading.
  const warmSockets = await Promise.all(idleMembers.slice(0, 20).map((member) => openSocket(b, member.token)));
  for (const warm of warmSockets) warm.socket.close();
  await sleep(500);
  const before = await b.call<MemoryReading>({ type: 'memory' });
  const cpuBefore = await b.call<CpuReading>({ type: 'cpu' });
  const opening = performance.now();
  for (let index = 0; index < idleMembers.length; index += 200) {
    const opened = await Promise.all(
      idleMembers.slice(index, index + 200).map((member) => openSocket(b, member.token)),
    );
    for (const open of opened) sockets.push(open.socket);
  }
  const openMs = performance.now() - opening;
  const cpuAfter = await b.call<CpuReading>({ type: 'cpu' });
  await sleep(1000);
  const after = await b.call<MemoryReading>({ type: 'memory' });
  const count = after.sockets - before.sockets;
  console.log(
    `## 4. Memory per open idle member socket (${count} sockets on ${b.name}, distinct members and sessions; after gc)\n`,
  );
  table(
    ['measure', 'before MB', `with ${count} sockets MB`, 'per socket KB'],
    [
      ['RSS', fmt(mb(before.rss), 1), fmt(mb(after.rss), 1), fmt((after.rss - before.rss) / count / 1024, 1)],
      [
        'V8 heap used',
        fmt(mb(before.heapUsed), 1),
        fmt(mb(after.heapUsed), 1),
        fmt((after.heapUsed - before.heapUsed) / count / 1024, 1),
      ],
      [
        'external (Buffers)',
        fmt(mb(before.external), 1),
        fmt(mb(after.external), 1),
        fmt((after.external - before.external) / count / 1024, 1),
      ],
    ],
  );
  console.log(
    `\nOpened in ${(openMs / 1000).toFixed(1)} s (${fmt(count / (openMs / 1000), 0)} connects/s, 200 at a time; ${fmt(cpuMs(cpuBefore, cpuAfter) / count, 2)} CPU ms on ${b.name} each: upgrade, session lookup, hello queries).`,
  );
  console.log(
    "The heap figure includes each member's cached member view (MEMBER_VIEW_CACHE_SIZE, 20,000 by default), which an open socket keeps warm.\n",
  );
  for (const socket of sockets.splice(0)) socket.terminate();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
