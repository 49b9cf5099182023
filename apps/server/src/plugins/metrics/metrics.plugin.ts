// `app.metrics`: Prometheus metrics of this instance (prom-client), served on a port of their own (METRICS_PORT), never
// on the public site: request rate and latency per route, member sockets, outbox backlog and its oldest event's age,
// job queue depth and failed jobs, database pool use, replica lag, bus lag, first-view render time, payment webhooks
// and postbacks by outcome, beside Node's own (CPU, memory, event loop, garbage collection). docs/operations.md lists
// them; ops/prometheus/alerts.yml and ops/grafana/dating-platform.json read them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { isRedisReady } from '../redis.plugin.ts';

export type Metrics = {
  registry: Registry;
  /** Seconds from an event's publication on one instance to its arrival on this one. */
  busLag: Histogram;
  /** Seconds a first view (server render of a page, docs/first-view.md) took, by page and outcome. */
  renderSeconds: Histogram<'page' | 'outcome'>;
  /** The payment provider's webhooks this instance handled, by outcome (modules/payments, webhooks.service.ts). */
  paymentWebhooks: Counter<'outcome'>;
  /** Postback attempts to the ad networks this instance made, by outcome (modules/traffic, postbacks.service.ts). */
  postbacks: Counter<'outcome'>;
  /** The metrics in Prometheus' text format. */
  text(): Promise<string>;
  /** Where the metrics listener is, once the app is ready (null without METRICS_PORT). */
  address(): AddressInfo | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Request latency buckets in seconds: a cached poll answers in well under a millisecond, a first view in tens. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** A replica that does not answer its lag within this time counts as unknown (+Inf), and the scrape goes on. */
const REPLICA_LAG_TIMEOUT_MS = 2000;

/**
 * One run of `read` for every caller while it runs: the gauges one query fills read it once per scrape (prom-client
 * collects every metric of a scrape at the same time), and the next scrape reads again.
 */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= read().finally(() => {
      running = undefined;
    }));
}

export type MetricsOptions = {
  /** Serve GET /metrics on this port (0: any free port); undefined: not served, only collected. */
  port?: number;
  host: string;
};

export const metricsPlugin = fp<MetricsOptions>(
  async (app, options) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the end of the answer, by route pattern (its count is the request rate).',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the URL: ids in paths would make a series per member.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    new Gauge({
      name: 'realtime_sockets',
      help: 'Member sockets open on this instance.',
      registers: [registry],
      collect() {
        this.set(app.realtime.connectionCount());
      },
    });
    // 1 while Redis answers and the bus is live (or no Redis is configured), 0 while the instance runs degraded.
    new Gauge({
      name: 'redis_up',
      help: 'Whether Redis answers and the event bus is live, 1 without Redis (0: limits per instance, no sockets).',
      registers: [registry],
      collect() {
        this.set(!app.redis || (isRedisReady(app.redis) && app.bus.isLive()) ? 1 : 0);
      },
    });
    // The outbox's rows and the age of the oldest, in one query (the database's clock, as the rows' times).
    const readOutbox = sharedRead(async () => {
      const { rows } = (await app.db.execute(sql`
        select count(*)::int as count,
          coalesce(extract(epoch from clock_timestamp() - min(created_at)), 0)::float8 as "oldestSeconds"
        from outbox_events
      `)) as unknown as { rows: { count: number; oldestSeconds: number }[] };
      return { count: Number(rows[0]?.count ?? 0), oldestSeconds: Math.max(0, Number(rows[0]?.oldestSeconds ?? 0)) };
    });
    new Gauge({
      name: 'outbox_backlog',
      help: 'Committed effects not yet delivered (outbox_events rows), across all instances.',
      registers: [registry],
      async collect() {
        this.set((await readOutbox()).count);
      },
    });
    new Gauge({
      name: 'outbox_oldest_age_seconds',
      help: 'Age of the oldest committed effect not yet delivered (outbox_events row), across all instances; 0 when none waits.',
      registers: [registry],
      async collect() {
        this.set((await readOutbox()).oldestSeconds);
      },
    });
    const readQueues = sharedRead(() => app.jobs.queueStats());
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting in the queue (pg-boss), by queue and state, across all instances.',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        const queues = await readQueues();
        this.reset();
        for (const queue of queues) {
          this.set({ queue: queue.name, state: 'ready' }, queue.ready);
          this.set({ queue: queue.name, state: 'deferred' }, queue.deferred);
          this.set({ queue: queue.name, state: 'active' }, queue.active);
        }
      },
    });
    new Gauge({
      name: 'job_queue_failed',
      help: 'Jobs failed for good (retries used up or expired) still kept by the queue (pg-boss deletes them after 7 days), by queue, across all instances.',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        const queues = await readQueues();
        this.reset();
        for (const queue of queues) this.set({ queue: queue.name }, queue.failed);
      },
    });
    const poolStats = app.dbPoolStats;
    // The embedded database has one session and no pool to report.
    if (poolStats)
      new Gauge({
        name: 'db_pool_connections',
        help: "This instance's database pool (PostgreSQL): connections open, idle, and queries waiting for one.",
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const pool = poolStats();
          this.set({ state: 'total' }, pool.total);
          this.set({ state: 'idle' }, pool.idle);
          this.set({ state: 'waiting' }, pool.waiting);
        },
      });
    const replica = app.dbReplica;
    // Only with a streaming replica (DATABASE_REPLICA_URL, docs/read-replicas.md), asked on every scrape.
    if (replica)
      new Gauge({
        name: 'db_replica_lag_seconds',
        help: 'How far the streaming replica is behind: seconds since the last transaction it replayed while received WAL waits (0 when it has replayed everything it received); +Inf when it does not answer or is not replaying.',
        registers: [registry],
        async collect() {
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), REPLICA_LAG_TIMEOUT_MS);
          });
          const read = replica.db
            .execute(
              sql`select case
                when not pg_is_in_recovery() then null
                when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
                else extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())
              end::float8 as lag`,
            )
            .then((result) => (result as unknown as { rows: { lag: number | null }[] }).rows[0]?.lag ?? null)
            .catch((error: unknown) => {
              app.log.warn({ err: error }, 'metrics: the replica did not answer its lag');
              return null;
            });
          const lag = await Promise.race([read, timeout]).finally(() => clearTimeout(timer));
          this.set(lag === null ? Infinity : Math.max(0, Number(lag)));
        },
      });
    const busLag = new Histogram({
      name: 'bus_lag_seconds',
      help: 'Time from an event published on any instance to its arrival on this one (clocks of the instances).',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    });
    const renderSeconds = new Histogram({
      name: 'first_view_render_seconds',
      help: 'First views by page pattern and outcome: rendered, cached (a visitor view from memory), busy, plain or failed (the app renders it).',
      labelNames: ['page', 'outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });

    const paymentWebhooks = new Counter({
      name: 'payment_webhooks_total',
      help: "The payment provider's webhooks this instance handled, by outcome: credited, charged_back, updated, unchanged, unknown (no such payment or order), error (answered 500; the provider calls again).",
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    const postbacks = new Counter({
      name: 'postbacks_total',
      help: 'Postback attempts to the ad networks this instance made, by outcome: sent, retried (failed, tried again later), failed (failed for good), refused (an address this installation may not call).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });

    let server: http.Server | null = null;
    app.decorate('metrics', {
      registry,
      busLag,
      renderSeconds,
      paymentWebhooks,
      postbacks,
      text: () => registry.metrics(),
      address: () => (server?.address() as AddressInfo | null) ?? null,
    });

    if (options.port === undefined) return;
    const port = options.port;
    app.addHook('onReady', async () => {
      server = http.createServer((request, response) => {
        if (request.method !== 'GET' || request.url !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics');
            response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, options.host, () => resolve());
      });
    });
    app.addHook('onClose', async () => {
      if (!server) return;
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    });
  },
  { name: 'metrics', dependencies: ['db', 'realtime', 'jobs'] },
);
