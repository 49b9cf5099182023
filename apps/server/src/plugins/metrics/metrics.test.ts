import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { Counter, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { JOB_SCHEMA } from '../../db/job-schema.ts';
import { outboxEvents, sandboxPayments } from '../../db/schema/index.ts';
import {
  createPostbacks,
  LOCAL_POSTBACK_POLICY,
  PUBLIC_HTTPS_POLICY,
} from '../../modules/traffic/postbacks.service.ts';
import { createMember } from '../../test-support/members.ts';
import { startNetworkStandIn } from '../../test-support/network-stand-in.ts';
import { payOrder } from '../../test-support/orders.ts';
import { postgresBinaries, startPrimaryAndReplica, type PgPair } from '../../test-support/pg-replica.ts';
import { buildTestApp, testConfig, type TestApp } from '../../test-support/test-app.ts';
import { createBoss } from '../jobs/index.ts';

/** A metric's sample value from Prometheus' text format, or undefined when the series is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('Prometheus metrics', () => {
  it('serves request latency per route pattern, sockets, outbox and queue on their own port, not on the site', async () => {
    await using app = await buildTestApp({ metrics: { port: 0, host: '127.0.0.1' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.metrics.address();
    expect(address).not.toBeNull();

    // Two requests to one route pattern with different ids, one unknown path.
    for (const id of [101, 202]) await app.inject({ method: 'GET', url: `/api/profile.php?id=${id}` });
    await app.inject({ method: 'GET', url: '/api/nope.php' });

    const response = await fetch(`http://127.0.0.1:${address!.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    const profileRequests = text
      .split('\n')
      .filter((line) => line.startsWith('http_request_duration_seconds_count{') && line.includes('/api/profile.php'));
    // One series for the pattern whatever the id, with both requests counted.
    expect(profileRequests.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0)).toBe(2);
    expect(text).not.toContain('id=101');
    // An unknown API path counts under the API's catch-all pattern, not under its own URL.
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/*",status="404"} 1');
    expect(text).not.toContain('nope.php');
    expect(sample(text, 'realtime_sockets')).toBe(0);
    expect(sample(text, 'outbox_backlog')).toBe(0);
    expect(sample(text, 'outbox_oldest_age_seconds')).toBe(0);
    expect(text).toContain('job_queue_failed{queue=');
    // The services count with the app's own counters: every outcome's series is there from the start, at 0.
    expect(sample(text, 'payment_webhooks_total{outcome="error"}')).toBe(0);
    expect(sample(text, 'postbacks_total{outcome="failed"}')).toBe(0);
    // Only with a replica.
    expect(text).not.toContain('db_replica_lag_seconds');
    expect(text).toContain('job_queue_depth{queue=');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('# TYPE first_view_render_seconds histogram');
    expect(text).toContain('# TYPE bus_lag_seconds histogram');
    // The pool exists on PostgreSQL only.
    expect(text.includes('db_pool_connections{state="total"}')).toBe(app.dbKind === 'postgres');

    // The public site does not answer the metrics, and the metrics port answers nothing else.
    expect((await app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${address!.port}/`)).status).toBe(404);
  });

  it('is not served without METRICS_PORT, and still collected', async () => {
    await using app = await buildTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect(app.metrics.address()).toBeNull();
    await app.inject({ method: 'GET', url: '/healthz' });
    expect(await app.metrics.text()).toContain('route="/healthz"');
  });

  it('reports the age of the oldest undelivered outbox event beside the backlog', async () => {
    await using app = await buildTestApp();
    // Left behind 90 s ago and held (a test's hand: the writer crashed, say); nothing sweeps in tests.
    const id = randomUUID();
    await app.db.insert(outboxEvents).values({
      id,
      topic: 'member.changed',
      payload: { userId: 1 },
      claimedUntil: new Date(Date.now() + 60_000),
      createdAt: sql`clock_timestamp() - interval '90 seconds'`,
    });
    try {
      const text = await app.metrics.text();
      expect(sample(text, 'outbox_backlog')).toBe(1);
      expect(sample(text, 'outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(90);
      expect(sample(text, 'outbox_oldest_age_seconds')).toBeLessThan(150);
    } finally {
      await app.db.delete(outboxEvents).where(eq(outboxEvents.id, id));
    }
    expect(sample(await app.metrics.text(), 'outbox_oldest_age_seconds')).toBe(0);
  });

  it("reports each queue's jobs failed for good, from pg-boss's monitoring", async () => {
    await using app = await buildTestApp();
    const queue = 'storage.delete-files';
    // Another instance's pg-boss on the same database: a job of the queue fails with no retry left, and its
    // monitoring counts the queue again.
    const boss = createBoss(app.databaseQueue, false);
    await boss.start();
    try {
      await boss.send(queue, { keys: ['a/b.webp'] }, { retryLimit: 0 });
      const [job] = await boss.fetch(queue);
      expect(job).toBeDefined();
      await boss.fail(queue, job!.id, new Error('storage down'));
      await boss.supervise(queue);
      expect(sample(await app.metrics.text(), `job_queue_failed{queue="${queue}"}`)).toBe(1);
    } finally {
      await boss.stop({ graceful: false, close: true });
      await app.db.execute(sql.raw(`truncate ${JOB_SCHEMA}.job`));
      await app.db.execute(sql.raw(`update ${JOB_SCHEMA}.queue set failed_count = 0, total_count = 0`));
    }
  });

  it('counts payment webhooks by outcome: credited, unknown, error', async () => {
    await using app = await buildTestApp();
    const member = await createMember(app);
    // The sandbox's checkout calls the webhook as a provider would: the order is credited.
    await payOrder(app, member.client);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      payload: 'id=tr_nosuchpayment',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unknown.statusCode).toBe(200);
    // A payment whose amount does not match its order (a test's hand): the webhook fails, the provider calls again.
    const created = await member.client.request({
      method: 'POST',
      url: '/api/order.php',
      payload: {
        bundle_id: (await member.client.request({ url: '/api/credits.php?country=NL' })).json().bundles[0].id,
        method: 'ideal',
        country: 'NL',
      },
    });
    const paymentId = new URL(created.json().checkout_url, 'http://x').searchParams.get('id')!;
    await app.db
      .update(sandboxPayments)
      .set({ status: 'paid', amountMinor: sql`${sandboxPayments.amountMinor} + 1` })
      .where(eq(sandboxPayments.id, paymentId));
    const failed = await app.inject({
      method: 'POST',
      url: '/api/payment-webhook.php',
      payload: `id=${paymentId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(failed.statusCode).toBe(500);

    const text = await app.metrics.text();
    expect(sample(text, 'payment_webhooks_total{outcome="credited"}')).toBe(1);
    expect(sample(text, 'payment_webhooks_total{outcome="unknown"}')).toBe(1);
    expect(sample(text, 'payment_webhooks_total{outcome="error"}')).toBe(1);
    expect(sample(text, 'payment_webhooks_total{outcome="charged_back"}')).toBe(0);
  });

  it('counts postback attempts by outcome: sent, retried, failed, refused', async () => {
    const network = await startNetworkStandIn();
    const registry = new Registry();
    const outcomes = new Counter({
      name: 'postbacks_total',
      help: 'postbacks',
      labelNames: ['outcome'],
      registers: [registry],
    });
    const createdAt = new Date();
    const postback = {
      id: 1,
      status: 'pending',
      url: `${network.url}/pb?cid=1`,
      createdAt,
      signatureHeader: null,
      signingSecret: null,
    };
    const postbacksOn = (policy: typeof LOCAL_POSTBACK_POLICY, url = postback.url) =>
      createPostbacks({
        repo: {
          findPostbackToSend: async () => ({ ...postback, url }) as never,
          recordAttempt: async () => undefined as never,
          resetPostback: async () => undefined as never,
          listPostbacks: async () => [],
        },
        jobs: { enqueue: async () => 'job' },
        network: { resolve: async () => [{ address: '127.0.0.1', family: 4 }], policy },
        outcomes,
        now: () => new Date(),
      });
    try {
      const postbacks = postbacksOn(LOCAL_POSTBACK_POLICY);
      const value = async (outcome: string) =>
        (await outcomes.get()).values.find((entry) => entry.labels.outcome === outcome)?.value;
      // Every outcome is there from the start.
      for (const outcome of ['sent', 'retried', 'failed', 'refused']) expect(await value(outcome)).toBe(0);
      await postbacks.send(1, { now: new Date(), isLastAttempt: false });
      expect(await value('sent')).toBe(1);
      network.answers.push(503);
      await expect(postbacks.send(1, { now: new Date(), isLastAttempt: false })).rejects.toThrow('HTTP 503');
      expect(await value('retried')).toBe(1);
      network.answers.push(500);
      await postbacks.send(1, { now: new Date(), isLastAttempt: true });
      expect(await value('failed')).toBe(1);
      // Production's policy refuses a plain http address on loopback at once.
      await postbacksOn(PUBLIC_HTTPS_POLICY).send(1, { now: new Date(), isLastAttempt: false });
      expect(await value('refused')).toBe(1);
      expect(await value('sent')).toBe(1);
    } finally {
      await network.stop();
    }
  });
});

describe.skipIf(!postgresBinaries())('replica lag metric', () => {
  let servers: PgPair;
  let app: TestApp;
  let replicaClient: pg.Client;

  beforeAll(async () => {
    servers = await startPrimaryAndReplica();
    app = (await buildApp(
      testConfig({ databaseUrl: servers.primaryUrl, databaseReplicaUrl: servers.replicaUrl, redisUrl: undefined }),
      { serveWeb: false },
    )) as unknown as TestApp;
    await app.ready();
    replicaClient = new pg.Client({ connectionString: servers.replicaUrl });
    await replicaClient.connect();
  }, 120_000);

  afterAll(async () => {
    await replicaClient?.end();
    await app?.close();
    await servers?.stop();
  });

  const lag = async () => sample(await app.metrics.text(), 'db_replica_lag_seconds');

  async function until(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('is 0 while the replica keeps up, grows while it does not replay, and is 0 again once it caught up', async () => {
    await app.db.execute(sql`select 1`);
    await until(async () => (await lag()) === 0, 'the replica to have replayed everything');
    await replicaClient.query('select pg_wal_replay_pause()');
    try {
      // Written on the primary, received by the replica, not replayed.
      await app.db.execute(sql`create table replica_lag_probe (at timestamptz)`);
      await until(async () => ((await lag()) ?? 0) >= 1, 'the lag to show');
    } finally {
      await replicaClient.query('select pg_wal_replay_resume()');
    }
    await until(async () => (await lag()) === 0, 'the replica to catch up');
    await app.db.execute(sql`drop table replica_lag_probe`);
  }, 60_000);
});
