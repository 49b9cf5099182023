// Ad-traffic benchmark (docs/traffic.md): visitors from ads, each with a unique click id and campaign tags, spread over
// the home page, two landers and a member landing, against the same addresses without the tags, in one run:
//   1. throughput at 16 connections (closed loop), unique clicks against the same addresses;
//   2. latency at a fixed arrival rate (open loop: arrivals do not wait for answers), p50 and p99 of both;
//   3. user.php (a member's poll) alone, then while unique-click visitors arrive at that rate;
//   4. 16 visitors at once on a cold page (an address nobody asked for yet), against 16 at once on a page from memory.
// Every visitor is new (no cookie) and has a phone browser's user agent, so each unique click is recorded as a visit.
// `npm run bench -- ad-traffic [--no-build]`; BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_RATE (arrivals a second, 80).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp, demoMemberCookie, startApp } from '../support/web-app.ts';
import { freePort, median, stop } from '../support/processes.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 80);
const CONNECTIONS = 16;
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': PHONE, accept: 'text/html' };

type Sample = { requestsPerSecond: number; p50: number; p99: number; failed: number };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let clicks = 0;
/** The same address with a click no one made before: an ad platform's click id, a network's, campaign tags. */
function withClick(address: string): string {
  clicks += 1;
  const id = `${Date.now().toString(36)}${clicks.toString(36)}`;
  const tags = `gclid=Cj0K${id}&utm_source=google&utm_medium=cpc&utm_campaign=spring${clicks % 7}&network=adnet&click_id=${id}&sub1=${clicks % 13}`;
  return `${address}${address.includes('?') ? '&' : '?'}${tags}`;
}

async function load(
  baseUrl: string,
  paths: readonly string[],
  options: { isUnique: boolean; overallRate?: number; headers?: Record<string, string>; amount?: number },
): Promise<Sample> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: SECONDS }),
    headers: options.headers ?? BROWSER,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [
      {
        setupRequest: (request) => {
          const address = paths[next++ % paths.length]!;
          return { ...request, path: options.isUnique ? withClick(address) : address };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

const summary = (runs: Sample[]) => ({
  rate: median(runs.map((run) => run.requestsPerSecond)),
  p50: median(runs.map((run) => run.p50)),
  p99: median(runs.map((run) => run.p99)),
  failed: runs.reduce((sum, run) => sum + run.failed, 0),
});

async function main() {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-ad-traffic-'));
  const dist = buildApp(tmp, !process.argv.includes('--no-build'));
  const metricsPort = await freePort();
  const app = await startApp({
    dataDir: path.join(tmp, 'data'),
    dist,
    demoMembers: 60,
    rateLimitFactor: 100_000,
    env: { METRICS_PORT: String(metricsPort) },
  });
  try {
    // A member who agreed to appear in ads: the member landing's subject.
    const lander = await (await fetch(`${app.baseUrl}/api/landers.php?path=/landers/gallery`)).json();
    const member = (lander as { lander: { profiles: { id: number }[] } }).lander.profiles[0]!.id;
    const pages = ['/', '/landers/gallery', '/landers/tinderswipe', `/members/${member}/landing`];
    // Each page answers with its first view (the first asks of a cold page may get the plain page: it renders meanwhile).
    for (const page of pages) {
      let body = '';
      for (let tries = 0; tries < 20 && !/id="(first-view|lander-data)"/.test(body); tries += 1) {
        const answer = await fetch(`${app.baseUrl}${withClick(page)}`, { headers: BROWSER });
        if (!answer.ok) throw new Error(`${page}: ${answer.status}`);
        body = await answer.text();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (!/id="(first-view|lander-data)"/.test(body)) throw new Error(`${page}: never with its first view`);
    }
    const cookie = await demoMemberCookie(app.baseUrl);
    const poll = { cookie, 'request-type': 'client' };
    // Warm: renders, caches, the JIT (a cold burst too: its code paths are as warm as the rest).
    await load(app.baseUrl, pages, { isUnique: false });
    await load(app.baseUrl, pages, { isUnique: true });
    for (let burst = 0; burst < 2; burst += 1) {
      await load(
        app.baseUrl,
        pages.map((page) => `${page}${page.includes('?') ? '&' : '?'}warm=${burst}`),
        {
          isUnique: true,
          amount: 16,
        },
      );
      await pause(1000);
    }

    const closed = { same: [] as Sample[], unique: [] as Sample[] };
    const open = { same: [] as Sample[], unique: [] as Sample[] };
    const polls = { alone: [] as Sample[], beside: [] as Sample[] };
    const cold = { cached: [] as Sample[], cold: [] as Sample[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      closed.same.push(await load(app.baseUrl, pages, { isUnique: false }));
      closed.unique.push(await load(app.baseUrl, pages, { isUnique: true }));
      open.same.push(await load(app.baseUrl, pages, { isUnique: false, overallRate: RATE }));
      open.unique.push(await load(app.baseUrl, pages, { isUnique: true, overallRate: RATE }));
      polls.alone.push(await load(app.baseUrl, ['/api/user.php'], { isUnique: false, headers: poll }));
      const ads = load(app.baseUrl, pages, { isUnique: true, overallRate: RATE });
      polls.beside.push(await load(app.baseUrl, ['/api/user.php'], { isUnique: false, headers: poll }));
      await ads;
      // 16 at once: on pages from memory, then on addresses nobody asked for yet (a key the page reads: cold). Each
      // burst is an event of its own (an ad going live): a second apart, so one burst's renders are not the next's.
      for (let burst = 0; burst < 4; burst += 1) {
        await pause(1000);
        cold.cached.push(await load(app.baseUrl, pages, { isUnique: true, amount: 16 }));
        await pause(1000);
        const fresh = pages.map((page) => `${page}${page.includes('?') ? '&' : '?'}cold=${round}-${burst}`);
        cold.cold.push(await load(app.baseUrl, fresh, { isUnique: true, amount: 16 }));
      }
    }
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    report({ closed, open, polls, cold, metrics });
  } finally {
    await stop(app.process);
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

function report(runs: {
  closed: { same: Sample[]; unique: Sample[] };
  open: { same: Sample[]; unique: Sample[] };
  polls: { alone: Sample[]; beside: Sample[] };
  cold: { cached: Sample[]; cold: Sample[] };
  metrics: string;
}) {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(`\n${ROUNDS} rounds of ${SECONDS} s, medians; open loop at ${RATE} arrivals/s; load average ${load}`);
  console.log('| workload | requests/s | p50 ms | p99 ms | failed |');
  console.log('|---|---|---|---|---|');
  const rows: [string, Sample[]][] = [
    ['same addresses, 16 connections', runs.closed.same],
    ['unique clicks, 16 connections', runs.closed.unique],
    [`same addresses, ${RATE}/s`, runs.open.same],
    [`unique clicks, ${RATE}/s`, runs.open.unique],
    ['user.php alone', runs.polls.alone],
    [`user.php beside ${RATE} unique clicks/s`, runs.polls.beside],
    ['16 at once, pages from memory', runs.cold.cached],
    ['16 at once, cold pages', runs.cold.cold],
  ];
  for (const [name, samples] of rows) {
    const { rate, p50, p99, failed } = summary(samples);
    console.log(`| ${name} | ${rate.toFixed(0)} | ${p50} | ${p99} | ${failed} |`);
  }
  const throughput = summary(runs.closed.unique).rate / summary(runs.closed.same).rate;
  const p99 = summary(runs.open.unique).p99 / Math.max(1, summary(runs.open.same).p99);
  const poll = summary(runs.polls.beside).rate / summary(runs.polls.alone).rate;
  const burst = Math.max(...runs.cold.cold.map((run) => run.p99)) / Math.max(1, summary(runs.cold.cached).p99);
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log('\n| target | figure | verdict |');
  console.log('|---|---|---|');
  console.log(
    `| unique-click throughput >= 0.8 of the same addresses' | ${throughput.toFixed(2)} | ${verdict(throughput >= 0.8)} |`,
  );
  console.log(`| unique-click p99 <= 3x the same addresses' (open loop) | ${p99.toFixed(2)}x | ${verdict(p99 <= 3)} |`);
  console.log(
    `| user.php keeps >= 80 % of its rate beside the ads | ${(poll * 100).toFixed(0)} % | ${verdict(poll >= 0.8)} |`,
  );
  console.log(
    `| 16 at once on a cold page: worst p99 <= 10x the cached p99 | ${burst.toFixed(1)}x | ${verdict(burst <= 10)} |`,
  );
  console.log(`\ncold bursts' p99 (ms), in order: ${runs.cold.cold.map((run) => run.p99).join(', ')}`);
  console.log(`cached bursts' p99 (ms), in order: ${runs.cold.cached.map((run) => run.p99).join(', ')}`);
  const outcomes = [
    ...runs.metrics.matchAll(/^first_view_render_seconds_count\{page="([^"]+)",outcome="([^"]+)"\} (\d+)/gm),
  ]
    .map((match) => `${match[1]} ${match[2]} ${match[3]}`)
    .join(', ');
  console.log(`\npages answered (since start): ${outcomes}`);
}

await main();
