// Landers benchmark (`npm run bench -- landers`): Lighthouse 12.8 mobile performance and accessibility of every lander
// and member landing beside a bare Vite page measured in the same run (targets: within 0.95 of its score, and 1.0
// accessibility). Not a test. Method as bench/web (docs/web-build.md); figures in docs/landers.md.
//   --no-build   measure apps/web/dist as it is instead of building the working tree into a temporary folder
//   BENCH_LIGHTHOUSE_RUNS (3)   Lighthouse runs per page, interleaved; the median is printed
//   BENCH_DEMO_MEMBERS (60)     demo members the development server seeds (the landers' profiles)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { LANDER_NAMES } from '@app/contracts';
import { buildBarePage, serveStatic } from '../web/bare-page.ts';
import { freePort, stop, median } from '../support/processes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOULD_BUILD = !process.argv.includes('--no-build');
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const DEMO_MEMBERS = Number(process.env.BENCH_DEMO_MEMBERS ?? 60);
const CHROMIUM = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'];
const SCORE_RATIO_TARGET = 0.95;
const ACCESSIBILITY_TARGET = 1;
/** A visit from an ad: the tracking parameters a network appends (one left unfilled, in braces). */
const AD_QUERY = '?network=bench&ref=r1&sub1={sub1}';

const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');

function buildApp(tmp: string): string {
  if (!SHOULD_BUILD) return path.join(root, 'apps/web/dist');
  const dist = path.join(tmp, 'web/dist');
  const result = spawnSync(process.execPath, ['scripts/build-web.mjs', '--dist', dist], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web build failed');
  return dist;
}

/** The real server on a fresh embedded database with demo members; ready once they are seeded. */
async function startApp(tmp: string, dist: string): Promise<{ baseUrl: string; process: ChildProcess }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _database, REDIS_URL: _redis, SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(tmp, 'data'),
      NODE_ENV: 'development',
      DEMO_MEMBER_COUNT: String(DEMO_MEMBERS),
      RATE_LIMIT_FACTOR: '1000',
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'true',
      WEB_DIST_DIR: dist,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not seed its demo members within 180 s')), 180_000);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/Demo members ready/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  return { baseUrl, process: child };
}

/** Debian's Chromium, headless, with a DevTools port for Lighthouse; nothing is downloaded. */
async function launchChromium(profileDir: string): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(CHROMIUM, ['--headless=new', ...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${output}`)));
  });
  return { port, process: child };
}

type Target = { name: string; url: string };
type Run = { score: number; accessibility: number; failedAccessibility: string[]; cls: number; fcp: number; lcp: number; tbt: number };

async function runOnce(target: Target, port: number): Promise<Run> {
  const result = await lighthouse(target.url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`${target.name}: Lighthouse returned nothing`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${target.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error(`${target.name}: no performance score (${lhr.runWarnings.join('; ')})`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const accessibility = lhr.categories.accessibility;
  const failedAccessibility = (accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => {
      const items = (lhr.audits[ref.id]?.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
      const selectors = items.slice(0, 3).map((item) => item.node?.selector).filter(Boolean);
      return `${ref.id}${selectors.length ? ` (${selectors.join(', ')})` : ''}`;
    });
  return {
    score,
    accessibility: accessibility?.score ?? Number.NaN,
    failedAccessibility,
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
  };
}

/** Lighthouse now and then loses the trace of a load on a busy machine: such a run is taken again. */
async function run(target: Target, port: number, attempts = 3): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(target, port);
    } catch (error) {
      if (attempt >= attempts || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT|NO_LCP/.test(String(error))) throw error;
      console.log(`${String(error)}: run again`);
    }
  }
}

async function main() {
  fs.accessSync(CHROMIUM, fs.constants.X_OK);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-landers-'));
  const cleanups: (() => Promise<void>)[] = [];
  try {
    console.log(SHOULD_BUILD ? 'building the web app of the working tree into a temporary folder' : 'measuring apps/web/dist as built');
    const dist = fs.realpathSync(buildApp(tmp));
    const bareDist = await buildBarePage(path.join(tmp, 'bare'), root);
    const bare = await serveStatic(bareDist);
    cleanups.push(bare.close);
    console.log(`starting the server (PGlite, ${DEMO_MEMBERS} demo members)`);
    const app = await startApp(tmp, dist);
    cleanups.push(() => stop(app.process));
    const gallery = (await (await fetch(`${app.baseUrl}/api/landers.php?path=/landers/gallery`)).json()) as { lander: { profiles: { id: number }[] } };
    const memberId = gallery.lander.profiles[0]?.id;
    if (!memberId) throw new Error('the landers found no demo profile');

    const chrome = await launchChromium(path.join(tmp, 'chromium'));
    cleanups.push(() => stop(chrome.process));
    const targets: Target[] = [
      { name: 'bare Vite page', url: bare.url },
      ...LANDER_NAMES.map((name) => ({ name: `/landers/${name}`, url: `${app.baseUrl}/landers/${name}${AD_QUERY}` })),
      { name: `/members/${memberId}/landing`, url: `${app.baseUrl}/members/${memberId}/landing${AD_QUERY}` },
      { name: `/members/${memberId}/landing2/eng`, url: `${app.baseUrl}/members/${memberId}/landing2/eng${AD_QUERY}` },
      { name: `/members/${memberId}/landing3/eng`, url: `${app.baseUrl}/members/${memberId}/landing3/eng${AD_QUERY}` },
    ];
    const runs = new Map<string, Run[]>(targets.map((target) => [target.name, []]));
    // Interleaved rounds: a slow moment of the machine touches every page alike.
    for (let round = 1; round <= LIGHTHOUSE_RUNS; round += 1) {
      for (const target of targets) runs.get(target.name)!.push(await run(target, chrome.port));
      console.log(`Lighthouse round ${round}/${LIGHTHOUSE_RUNS} done`);
    }
    const bareScore = median(runs.get('bare Vite page')!.map((entry) => entry.score));
    const version = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
    console.log(`\nLighthouse ${version} mobile (default config: moto g power, simulated slow 4G, 4x CPU), median of ${LIGHTHOUSE_RUNS} runs, visitor with ad tracking parameters\n`);
    console.log(`| page | performance | runs | ratio to bare | >= ${SCORE_RATIO_TARGET} | accessibility | = ${ACCESSIBILITY_TARGET} | FCP ms | LCP ms | TBT ms | CLS |`);
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const target of targets) {
      const list = runs.get(target.name)!;
      const score = median(list.map((entry) => entry.score));
      const accessibility = median(list.map((entry) => entry.accessibility));
      const isBare = target.name === 'bare Vite page';
      const ratio = score / bareScore;
      console.log(
        `| ${target.name} | ${(score * 100).toFixed(0)} | ${list.map((entry) => (entry.score * 100).toFixed(0)).join(' ')} | ${ratio.toFixed(3)} | ${isBare ? '' : verdict(ratio >= SCORE_RATIO_TARGET)} | ${(accessibility * 100).toFixed(0)} | ${verdict(accessibility >= ACCESSIBILITY_TARGET)} | ${median(list.map((entry) => entry.fcp)).toFixed(0)} | ${median(list.map((entry) => entry.lcp)).toFixed(0)} | ${median(list.map((entry) => entry.tbt)).toFixed(0)} | ${median(list.map((entry) => entry.cls)).toFixed(4)} |`,
      );
    }
    const failures = targets.flatMap((target) => [...new Set(runs.get(target.name)!.flatMap((entry) => entry.failedAccessibility))].map((audit) => `${target.name}: ${audit}`));
    if (failures.length) console.log(`\nFailed accessibility audits:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
