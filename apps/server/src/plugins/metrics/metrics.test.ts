import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test-support/test-app.ts';

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
});
