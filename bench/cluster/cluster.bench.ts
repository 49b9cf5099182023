// Cluster benchmark (docs/cluster.md): chat sends and their deliveries per second through HAProxy with 1, 2 and 4 app
// instances on one PostgreSQL and one Redis (scripts/cluster/cluster.ts). Senders post message.php through the load
// balancer; every recipient holds a socket through it (spread over the instances by least connections), and every
// delivery is counted at the sockets. On a 2-core machine the instances share the same two cores with PostgreSQL,
// Redis, HAProxy and the load generator, so more instances cannot add throughput here; the point is that they work
// together sharing nothing but PostgreSQL and Redis, and what each one costs.
// `npm run bench -- cluster` (needs PostgreSQL, Redis and HAProxy; DATABASE_URL and REDIS_URL or the local defaults).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { buildApp } from '../../apps/server/src/app.ts';
import { testConfig, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { createMember, type TestMember } from '../../apps/server/src/test-support/members.ts';
import { giveCredits } from '../../apps/server/src/test-support/notifications.ts';
import { hasHaproxy, startCluster, type Cluster } from '../../scripts/cluster/cluster.ts';
import { median } from '../support/processes.ts';

const SERVER_URL = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
const SIZES = (process.env.BENCH_INSTANCES ?? '1,2,4').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 32;
const PAIRS = 32;

type Pair = { sender: TestMember; recipient: TestMember };

const databaseUrlOf = (name: string) => SERVER_URL.replace(/\/[^/]*$/, `/${name}`);

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database with the pairs' members (each sender with credits), made in-process before the cluster starts. */
async function prepare(database: string, redisKeyPrefix: string): Promise<Pair[]> {
  await withAdmin((client) => client.query(`create database ${database}`));
  const config = testConfig({
    databaseUrl: databaseUrlOf(database),
    redisUrl: REDIS_URL,
    redisKeyPrefix,
    dataDir: path.join(os.tmpdir(), `bench-cluster-${process.pid}`),
  });
  const app = (await buildApp(config, { serveWeb: false })) as unknown as TestApp;
  await app.ready();
  try {
    const pairs: Pair[] = [];
    for (let index = 0; index < PAIRS; index += 1) {
      const sender = await createMember(app, { gender: 'female' });
      const recipient = await createMember(app, { gender: 'male' });
      await giveCredits(app, sender, 10_000_000);
      pairs.push({ sender, recipient });
    }
    return pairs;
  } finally {
    await app.close();
  }
}

/** The recipients' sockets through the load balancer; counts every message delivered to them. */
async function connectRecipients(cluster: Cluster, pairs: Pair[]) {
  const host = `127.0.0.1:${cluster.port}`;
  let delivered = 0;
  const perInstance = new Map<string, number>();
  const sockets = await Promise.all(
    pairs.map(
      ({ recipient }) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(`ws://${host}/api/socket`, {
            headers: { origin: `http://${host}`, cookie: `sid=${recipient.client.cookie}` },
            perMessageDeflate: false,
          });
          socket.once('upgrade', (response) => {
            const instance = String(response.headers['x-instance']);
            perInstance.set(instance, (perInstance.get(instance) ?? 0) + 1);
          });
          socket.on('message', (data) => {
            const event = JSON.parse(String(data)) as { type: string };
            if (event.type === 'hello') resolve(socket);
            if (event.type === 'message') delivered += 1;
          });
          socket.once('error', reject);
        }),
    ),
  );
  return { sockets, perInstance, delivered: () => delivered };
}

type Sample = { sends: number; deliveries: number; p50: number; p99: number; failed: number };

async function sendLoad(cluster: Cluster, pairs: Pair[], delivered: () => number): Promise<Sample> {
  let next = 0;
  const before = delivered();
  const result = await autocannon({
    url: cluster.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/message.php',
        setupRequest: (request) => {
          const pair = pairs[next++ % pairs.length]!;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'request-type': 'client',
              cookie: `sid=${pair.sender.client.cookie}`,
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
  // Deliveries still on their way when the load stops are counted too (a second at most).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const sends = result['2xx'];
  return {
    sends: sends / SECONDS,
    deliveries: (delivered() - before) / SECONDS,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  if (!hasHaproxy()) throw new Error('HAProxy is missing: apt-get install -y haproxy');
  const rows: string[] = [];
  for (const size of SIZES) {
    const database = `bench_cluster_${randomUUID().slice(0, 8)}`;
    const redisKeyPrefix = `bench:cluster:${randomUUID().slice(0, 8)}:`;
    const pairs = await prepare(database, redisKeyPrefix);
    const cluster = await startCluster({
      instances: size,
      databaseUrl: databaseUrlOf(database),
      redisUrl: REDIS_URL,
      env: { REDIS_KEY_PREFIX: redisKeyPrefix, RATE_LIMIT_FACTOR: '1000000', SERVE_WEB: 'false', LOG_LEVEL: 'error' },
    });
    try {
      const recipients = await connectRecipients(cluster, pairs);
      await sendLoad(cluster, pairs, recipients.delivered); // warm-up
      const samples: Sample[] = [];
      for (let round = 0; round < ROUNDS; round += 1)
        samples.push(await sendLoad(cluster, pairs, recipients.delivered));
      const pick = (key: keyof Sample) => median(samples.map((sample) => sample[key]));
      rows.push(
        `| ${size} | ${pick('sends').toFixed(0)} | ${pick('deliveries').toFixed(0)} | ${pick('p50')} | ${pick('p99')} | ${samples.reduce((sum, sample) => sum + sample.failed, 0)} | ${[
          ...recipients.perInstance,
        ]
          .sort()
          .map(([name, count]) => `${name} ${count}`)
          .join(', ')} |`,
      );
      for (const socket of recipients.sockets) socket.close();
    } finally {
      await cluster.stop();
      await withAdmin((client) => client.query(`drop database if exists ${database} with (force)`));
    }
  }
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(
    `\n${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections, ${PAIRS} pairs, medians; ${os.availableParallelism()} CPUs; load average ${load}`,
  );
  console.log('| instances | sends/s | deliveries/s | send p50 ms | send p99 ms | failed | sockets per instance |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

await main();
