// First-view benchmark (docs/first-view.md): server-rendered pages under concurrent load, as ratios to a static file of
// the same server loaded the same way in the same run (the floor: the same HTTP stack doing the least it can).
//   1. A visitor's GET / and a member's GET /members at 16 connections, against the release's favicon.svg.
//   2. user.php alone, then beside 60 visitors a second on / (open model: arrivals do not wait for answers).
//   3. How the pages were answered (rendered, from memory, sent plain because renders would queue): the server's metrics.
// `npm run bench -- first-view [--no-build]`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp, demoMemberCookie, root } from '../support/web-app.ts';
import { freePort, median, stop } from '../support/processes.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 16;
const VISITORS_PER_SECOND = 60;
const DEMO_MEMBERS = 60;

type Sample = { requestsPerSecond: number; p50: number; p99: number; failed: number };
type Target = { name: string; path: string; headers: Record<string, string>; expect?: (body: string) => boolean };

async function startServer(dist: string, dataDir: string) {
  const port = await freePort();
  const metricsPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      DEMO_MEMBER_COUNT: String(DEMO_MEMBERS),
      RATE_LIMIT_FACTOR: '100000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: dist,
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += String(chunk);
      if (/Demo members ready/.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return { baseUrl, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, child };
}

async function load(baseUrl: string, target: Target, options: { overallRate?: number } = {}): Promise<Sample> {
  const result = await autocannon({
    url: `${baseUrl}${target.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: target.headers,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** The first-view outcomes the server counted (first_view_render_seconds_count by page and outcome). */
async function outcomes(metricsUrl: string): Promise<Map<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/^first_view_render_seconds_count\{page="([^"]+)",outcome="([^"]+)"\} (\d+)/gm))
    counts.set(`${match[1]} ${match[2]}`, Number(match[3]));
  return counts;
}

const difference = (after: Map<string, number>, before: Map<string, number>) =>
  [...after].map(([key, count]) => `${key}: ${count - (before.get(key) ?? 0)}`).join(', ');

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

async function main() {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-first-view-'));
  const dist = buildApp(tmp, !process.argv.includes('--no-build'));
  const server = await startServer(dist, path.join(tmp, 'data'));
  let child: ChildProcess | null = server.child;
  try {
    const cookie = await demoMemberCookie(server.baseUrl);
    // As a browser asks: compressed answers accepted (the static file is served precompressed by the build).
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const targets: Target[] = [
      { name: 'static file (floor)', path: '/favicon.svg', headers: browser },
      { name: 'visitor GET /', path: '/', headers: browser, expect: (body) => body.includes('id="first-view"') },
      { name: 'member GET /members', path: '/members', headers: { ...browser, cookie } },
      { name: 'user.php (member)', path: '/api/user.php', headers: { cookie, 'request-type': 'client' } },
    ];
    for (const target of targets) {
      // fetch decodes what it accepted, so the check reads the page itself.
      const answer = await fetch(`${server.baseUrl}${target.path}`, { headers: target.headers });
      const body = await answer.text();
      if (!answer.ok || (target.expect && !target.expect(body)))
        throw new Error(`${target.name}: ${answer.status} ${body.slice(0, 200)}`);
    }
    // Warm: the server render, its caches, the JIT.
    for (const target of targets) await load(server.baseUrl, { ...target }, {});

    const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
    const beside: Sample[] = [];
    const before = await outcomes(server.metricsUrl);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const target of targets) samples.get(target.name)!.push(await load(server.baseUrl, target));
      // user.php while visitors arrive on / at a fixed rate.
      const visitors = load(server.baseUrl, targets[1]!, { overallRate: VISITORS_PER_SECOND });
      beside.push(await load(server.baseUrl, targets[3]!));
      await visitors;
    }
    const after = await outcomes(server.metricsUrl);

    const floor = median(samples.get(targets[0]!.name)!.map((sample) => sample.requestsPerSecond));
    console.log(
      `\n${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections, medians; load average ${loadAverage()}`,
    );
    console.log('| target | requests/s | ratio to the static file | p50 ms | p99 ms | failed |');
    console.log('|---|---|---|---|---|---|');
    for (const target of targets) {
      const runs = samples.get(target.name)!;
      const rate = median(runs.map((sample) => sample.requestsPerSecond));
      console.log(
        `| ${target.name} | ${rate.toFixed(0)} | ${(rate / floor).toFixed(3)} | ${median(runs.map((sample) => sample.p50))} | ${median(runs.map((sample) => sample.p99))} | ${runs.reduce((sum, sample) => sum + sample.failed, 0)} |`,
      );
    }
    const alone = median(samples.get(targets[3]!.name)!.map((sample) => sample.requestsPerSecond));
    const withVisitors = median(beside.map((sample) => sample.requestsPerSecond));
    console.log(
      `\nuser.php beside ${VISITORS_PER_SECOND} visitors/s on /: ${withVisitors.toFixed(0)}/s, ${((withVisitors / alone) * 100).toFixed(0)} % of its ${alone.toFixed(0)}/s alone`,
    );
    console.log(`first views during the rounds: ${difference(after, before)}`);
  } finally {
    if (child) await stop(child);
    child = null;
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

await main();
