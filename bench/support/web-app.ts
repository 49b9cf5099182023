// What the browser benchmarks (bench/web, bench/landers) share: the web app built from the working tree, the real
// server on a fresh embedded database with demo members, and Lighthouse 12.8 on Debian's Chromium (docs/web-build.md).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from './processes.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** The working tree's web app built into `tmp` (production, precompressed), or apps/web/dist as it is. */
export function buildApp(tmp: string, shouldBuild: boolean): string {
  if (!shouldBuild) return path.join(root, 'apps/web/dist');
  const dist = path.join(tmp, 'web/dist');
  const result = spawnSync(process.execPath, ['scripts/build-web.mjs', '--dist', dist], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web build failed');
  return dist;
}

export type App = { baseUrl: string; process: ChildProcess };

/**
 * The real server (as `npm run serve` starts it, development mode) on a fresh embedded database in `dataDir`, serving
 * `dist`; ready once its demo members are seeded. Rate limits are multiplied by `rateLimitFactor` (many logins).
 */
export async function startApp(options: {
  dataDir: string;
  dist: string;
  demoMembers: number;
  rateLimitFactor?: number;
  /** More of the server's environment (a metrics port, a database URL). */
  env?: Record<string, string>;
}): Promise<App> {
  const { dataDir, dist, demoMembers, rateLimitFactor = 1000 } = options;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _database, REDIS_URL: _redis, SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      DEMO_MEMBER_COUNT: String(demoMembers),
      RATE_LIMIT_FACTOR: String(rateLimitFactor),
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'true',
      WEB_DIST_DIR: dist,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Ready once the demo members are seeded (printed after listen), so the pages have members to show.
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

/** The demo member's session cookie (a login through user.php), for requests as that member. */
export async function demoMemberCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'request-type': 'client' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`demo login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** Debian's Chromium, headless, with a DevTools port for Lighthouse; nothing is downloaded. */
export async function launchChromiumForLighthouse(
  profileDir: string,
): Promise<{ port: number; process: ChildProcess }> {
  fs.accessSync(CHROMIUM, fs.constants.X_OK);
  const child = spawn(
    CHROMIUM,
    ['--headless=new', ...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
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

export type LighthouseTarget = { name: string; url: string; port: number; isLoggedIn?: boolean };
export type LighthouseRun = {
  score: number;
  accessibility: number;
  failedAccessibility: string[];
  cls: number;
  fcp: number;
  lcp: number;
  tbt: number;
};

/** Lighthouse now and then loses the trace of a load (NO_NAVSTART) on a busy machine: such a run is taken again. */
export async function runLighthouse(target: LighthouseTarget, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(target);
    } catch (error) {
      if (attempt >= attempts || !/NO_NAVSTART|NO_FCP|PROTOCOL_TIMEOUT|NO_LCP/.test(String(error))) throw error;
      console.log(`${String(error)}: run again`);
    }
  }
}

/** What GET /api/user.php answers in the target's Chromium (its profile's cookies), asked from a new tab. */
async function userStatusIn(target: LighthouseTarget): Promise<number | undefined> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${target.port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const response = await page.goto(new URL('/api/user.php', target.url).href);
    await page.close();
    return response?.status();
  } finally {
    await browser.close();
  }
}

async function runLighthouseOnce(target: LighthouseTarget): Promise<LighthouseRun> {
  // Lighthouse's storage reset leaves cookies alone: a logged-in run uses a Chromium whose profile holds the session.
  const result = await lighthouse(target.url, {
    port: target.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`${target.name}: Lighthouse returned nothing`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${target.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number')
    throw new Error(`${target.name}: no performance score (${lhr.runWarnings.join('; ')})`);
  if (target.isLoggedIn !== undefined) {
    // Proves who the run was: GET user.php answers 200 to a member, 403 to a visitor. A page with a first view
    // (docs/first-view.md) asks nothing before the app starts, after Lighthouse stopped watching: then the same
    // Chromium (whose cookies Lighthouse leaves alone) is asked right after the run.
    const items =
      (lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined)
        ?.items ?? [];
    const status =
      items.find((item) => new URL(item.url).pathname === '/api/user.php')?.statusCode ?? (await userStatusIn(target));
    if (status !== (target.isLoggedIn ? 200 : 403))
      throw new Error(
        `${target.name}: GET /api/user.php answered ${status ?? 'nothing'}, so the run was not ${target.isLoggedIn ? 'logged in' : 'a visitor'}`,
      );
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const accessibility = lhr.categories.accessibility;
  // The accessibility audits that failed, with the elements they name (the audit's first items' selectors).
  const failedAccessibility = (accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => {
      const items =
        (lhr.audits[ref.id]?.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
      const selectors = items
        .slice(0, 3)
        .map((item) => item.node?.selector)
        .filter(Boolean);
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

/** Interleaved rounds: a slow moment of the machine touches every page alike. Answers each target's runs. */
export async function runLighthouseRounds(
  targets: LighthouseTarget[],
  rounds: number,
): Promise<Map<string, LighthouseRun[]>> {
  const runs = new Map<string, LighthouseRun[]>(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) runs.get(target.name)!.push(await runLighthouse(target));
    console.log(`Lighthouse round ${round}/${rounds} done`);
  }
  return runs;
}

/** The failed accessibility audits of every target, once each, as lines to print. */
export function failedAccessibilityLines(targets: LighthouseTarget[], runs: Map<string, LighthouseRun[]>): string[] {
  return targets.flatMap((target) =>
    [...new Set(runs.get(target.name)!.flatMap((run) => run.failedAccessibility))].map(
      (audit) => `${target.name}: ${audit}`,
    ),
  );
}
