// `app.metrics`: Prometheus metrics of this instance (prom-client), served on a port of their own (METRICS_PORT), never
// on the public site: request rate and latency per route, member sockets, outbox backlog, job queue depth, database
// pool use, bus lag and first-view render time, beside Node's own (CPU, memory, event loop, garbage collection).
// docs/operations.md lists them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type Metrics = {
  registry: Registry;
  /** Seconds from an event's publication on one instance to its arrival on this one. */
  busLag: Histogram;
  /** Seconds a first view (server render of a page, docs/first-view.md) took, by page and outcome. */
  renderSeconds: Histogram<'page' | 'outcome'>;
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
    new Gauge({
      name: 'outbox_backlog',
      help: 'Committed effects not yet delivered (outbox_events rows), across all instances.',
      registers: [registry],
      async collect() {
        const { rows } = (await app.db.execute(sql`select count(*)::int as count from outbox_events`)) as unknown as {
          rows: { count: number }[];
        };
        this.set(rows[0]?.count ?? 0);
      },
    });
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting in the queue (pg-boss), by queue and state, across all instances.',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const queue of await app.jobs.queueStats()) {
          this.set({ queue: queue.name, state: 'ready' }, queue.ready);
          this.set({ queue: queue.name, state: 'deferred' }, queue.deferred);
          this.set({ queue: queue.name, state: 'active' }, queue.active);
        }
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

    let server: http.Server | null = null;
    app.decorate('metrics', {
      registry,
      busLag,
      renderSeconds,
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
