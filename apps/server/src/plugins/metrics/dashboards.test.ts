// The Grafana dashboard (ops/grafana/dating-platform.json) and the Prometheus alerts (ops/prometheus/alerts.yml) read
// only metrics this app exports: every metric a panel query, a dashboard variable or an alert expression names is one
// of the app's registry (with a histogram's _bucket, _sum and _count series, and prom-client's default metrics), or a
// series Prometheus adds to every target (`up`). Each alert links its runbook section of docs/operations.md, and
// ops/prometheus/alerts.test.yml sees each alert both fire and stay silent (promtool runs those tests:
// `npm run test:alerts`).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { buildTestApp, testConfig } from '../../test-support/test-app.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** Series Prometheus writes for every target it scrapes, beside the target's own. */
const SCRAPE_SERIES = [
  'up',
  'scrape_duration_seconds',
  'scrape_samples_scraped',
  'scrape_samples_post_metric_relabeling',
  'scrape_series_added',
];

/** PromQL words that look like a metric name standing alone. */
const PROMQL_WORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'by',
  'without',
  'on',
  'ignoring',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression (or a Grafana variable's `label_values(metric{...}, label)`) reads: the
 * identifiers followed by `{` or `[` or standing alone, once strings (label values, regular expressions), label
 * matchers, ranges, label lists (`by (...)`, `on (...)`) and Grafana variables are out of the way. A word followed by
 * `(` is a function or an aggregation.
 */
function metricNames(query: string): string[] {
  const labelValues = /^\s*label_values\(\s*([a-zA-Z_:][a-zA-Z0-9_:]*)/.exec(query);
  if (labelValues) return [labelValues[1]!];
  if (/^\s*label_values\(/.test(query)) return [];
  const bare = query
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\{[^}]*\}|\$\w+/g, ' ');
  const names = new Set<string>();
  for (const [word, call] of bare.matchAll(/[0-9][0-9a-zA-Z_.]*|[a-zA-Z_:][a-zA-Z0-9_:]*(\s*\()?/g)) {
    if (/^[0-9]/.test(word) || call || PROMQL_WORDS.has(word.toLowerCase())) continue;
    names.add(word);
  }
  return [...names];
}

/** Every series name the app's registry exports (a histogram's and a summary's series included). */
async function exportedNames(app: FastifyInstance): Promise<Set<string>> {
  const names = new Set(SCRAPE_SERIES);
  for (const metric of await app.metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    const type = String(metric.type);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}

type Panel = {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr: string; datasource?: { type: string; uid: string } }[];
  panels?: Panel[];
  gridPos: { h: number; w: number; x: number; y: number };
};
type Variable = { name: string; type: string; query: string | { query: string }; datasource?: { uid: string } };
type Dashboard = {
  title: string;
  uid: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: Variable[] };
};

const dashboard = JSON.parse(read('ops/grafana/dating-platform.json')) as Dashboard;
const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
/** Every query of the dashboard, named by where it is. */
const dashboardQueries = [
  ...panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ where: `panel "${panel.title}" ${target.refId}`, expr: target.expr })),
  ),
  ...dashboard.templating.list
    .filter((variable) => variable.type === 'query')
    .map((variable) => ({
      where: `variable $${variable.name}`,
      expr: typeof variable.query === 'string' ? variable.query : variable.query.query,
    })),
];

type AlertRule = { name: string; expr: string; runbookUrl: string };

/**
 * The alerting rules of alerts.yml, read line by line: `- alert: Name`, its `expr` (one line, or a `|` block of
 * deeper lines) and its `runbook_url`. The file keeps that shape; promtool checks the YAML itself.
 */
function alertRules(text: string): AlertRule[] {
  const rules: AlertRule[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const alert = /^\s*- alert: (\S+)\s*$/.exec(line);
    if (alert) {
      rules.push({ name: alert[1]!, expr: '', runbookUrl: '' });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) continue;
    const expr = /^(\s*)expr: (.*)$/.exec(line);
    if (expr) {
      if (expr[2]!.trim() !== '|') {
        rule.expr = expr[2]!.trim();
        continue;
      }
      const block: string[] = [];
      while (index + 1 < lines.length) {
        const next = lines[index + 1]!;
        if (next.trim() && next.search(/\S/) <= expr[1]!.length) break;
        block.push(next);
        index += 1;
      }
      rule.expr = block.join('\n').trim();
    }
    const runbook = /^\s*runbook_url: (\S+)\s*$/.exec(line);
    if (runbook) rule.runbookUrl = runbook[1]!;
  }
  return rules;
}
const rules = alertRules(read('ops/prometheus/alerts.yml'));

/**
 * An app on a database that has a pool and a streaming replica (the test's own database posing as both), so the
 * metrics only PostgreSQL and a replica bring are in its registry too.
 */
async function appWithEveryMetric(): Promise<FastifyInstance> {
  const base = await buildTestApp();
  await base.close();
  const database: DatabaseHandle = {
    ...base.database,
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    replica: { db: base.database.db, isCurrent: () => false, close: async () => undefined },
  };
  const app = await buildApp(testConfig({ redisUrl: undefined }), { database, serveWeb: false });
  await app.ready();
  return app;
}

describe('metric names in PromQL', () => {
  it('are the identifiers read as series, not functions, labels, strings, durations or variables', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{job="$job",route=~"/api/.*"}[$__rate_interval]))) > 0.5',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(
      metricNames(
        'max by (queue) (job_queue_failed{job="x"}) > max by (queue) (job_queue_failed offset 30m) and on (job) up == 1',
      ).sort(),
    ).toEqual(['job_queue_failed', 'up']);
    expect(metricNames('sum(realtime_sockets) / count(up{job="a b"}) * 1e3 or vector(0)').sort()).toEqual([
      'realtime_sockets',
      'up',
    ]);
    expect(metricNames('label_values(http_request_duration_seconds_count{job="$job"}, instance)')).toEqual([
      'http_request_duration_seconds_count',
    ]);
    expect(metricNames('rate(no_such_metric_total[5m])')).toEqual(['no_such_metric_total']);
  });
});

describe('dashboard and alerts', () => {
  it('the dashboard is a Grafana dashboard on a Prometheus data source variable', () => {
    expect(dashboard).toMatchObject({ title: expect.any(String), uid: 'dating-platform' });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    const source = dashboard.templating.list.find((variable) => variable.type === 'datasource');
    expect(source).toMatchObject({ name: 'datasource', query: 'prometheus' });
    const ids = panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels) {
      expect(panel.gridPos, panel.title).toMatchObject({ h: expect.any(Number), w: expect.any(Number) });
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      if (panel.type === 'row') continue;
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.datasource?.uid, panel.title).toBe('${datasource}');
    }
    for (const variable of dashboard.templating.list.filter((entry) => entry.type === 'query'))
      expect(variable.datasource?.uid, variable.name).toBe('${datasource}');
  });

  it('every dashboard query and alert expression names only metrics the app exports', async () => {
    const app = await appWithEveryMetric();
    let exported: Set<string>;
    try {
      exported = await exportedNames(app);
    } finally {
      await app.close();
    }
    // The registry holds what the plugin declares, the conditional ones included.
    for (const name of ['http_request_duration_seconds_bucket', 'db_pool_connections', 'db_replica_lag_seconds'])
      expect(exported.has(name), name).toBe(true);

    expect(rules.length).toBeGreaterThan(0);
    const queries = [...dashboardQueries, ...rules.map((rule) => ({ where: `alert ${rule.name}`, expr: rule.expr }))];
    const unknown: string[] = [];
    for (const { where, expr } of queries) {
      expect(expr, where).not.toBe('');
      const names = metricNames(expr);
      expect(names.length, `${where} names no metric: ${expr}`).toBeGreaterThan(0);
      for (const name of names) if (!exported.has(name)) unknown.push(`${where}: ${name}`);
    }
    expect(unknown, 'metrics the app does not export').toEqual([]);
  });

  it('the dashboard shows every metric an alert reads', () => {
    const shown = new Set(dashboardQueries.flatMap(({ expr }) => metricNames(expr)));
    const missing = rules.flatMap((rule) =>
      metricNames(rule.expr)
        .filter((name) => !shown.has(name))
        .map((name) => `${rule.name}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("every alert links its runbook's section of docs/operations.md", () => {
    // GitHub's anchors: the heading in lower case, spaces as hyphens, other punctuation left out.
    const anchors = new Set(
      read('docs/operations.md')
        .split('\n')
        .filter((line) => /^#{1,6} /.test(line))
        .map((line) =>
          line
            .replace(/^#+ /, '')
            .trim()
            .toLowerCase()
            .replace(/[^\w\- ]/g, '')
            .replace(/ /g, '-'),
        ),
    );
    for (const rule of rules) {
      expect(rule.runbookUrl, rule.name).toBe(`docs/operations.md#${rule.name.toLowerCase()}`);
      expect(anchors.has(rule.name.toLowerCase()), `docs/operations.md has a section "${rule.name}"`).toBe(true);
    }
  });

  it('alerts.test.yml sees every alert fire and stay silent', () => {
    const tests = read('ops/prometheus/alerts.test.yml').split('\n');
    const fires = new Set<string>();
    const silent = new Set<string>();
    tests.forEach((line, index) => {
      const test = /^\s*alertname: (\S+)\s*$/.exec(line);
      if (!test) return;
      const expected = tests.slice(index + 1).find((next) => next.trim() !== '') ?? '';
      if (/^\s*exp_alerts: \[\]\s*$/.test(expected)) silent.add(test[1]!);
      else if (/^\s*exp_alerts:\s*$/.test(expected)) fires.add(test[1]!);
    });
    for (const name of new Set(rules.map((rule) => rule.name))) {
      expect(fires.has(name), `${name} fires in a test`).toBe(true);
      expect(silent.has(name), `${name} stays silent in a test`).toBe(true);
    }
  });
});
