// Vitest global setup of the e2e project: finds Chromium, starts the real server on a free port and a throw-away database.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the servers under test listen, one per e2e worker, e.g. http://127.0.0.1:41234 (e2e/support/server-url.ts). */
    baseURLs: string[];
    /** The full Chromium executable: specs that need Web Push launch it (useBrowser's `push` option). */
    chromiumPath: string;
    /** Chromium's headless shell, which the other specs launch: about half the CPU; the full Chromium when missing. */
    headlessShellPath: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
/** Each server's whole log, for post-mortems: test-results/e2e-server-1.log for worker 1, and so on. */
const serverLog = (index: number) => path.join(repoRoot, `test-results/e2e-server-${index + 1}.log`);
const SERVER_START_TIMEOUT_MS = 90_000;
const SERVER_STOP_TIMEOUT_MS = 10_000;
/**
 * The development server seeds its demo members in the background once it listens, and says when it is done or why it
 * failed (apps/server/src/modules/dev/demo-seed.plugin.ts). Specs find those members, so the run starts after that.
 */
const SEED_DONE = /^Demo members ready: /m;
const SEED_FAILED = /demo members could not be created/;
const SEED_TIMEOUT_MS = 120_000;
/** The e2e server's MAIL_EVENTS_SECRET: specs report bounces and complaints to POST /api/mail-events.php with it. */
export const E2E_MAIL_EVENTS_SECRET = 'e2e-mail-events-secret-not-for-production';

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH wins; otherwise Debian's /usr/bin/chromium. Never skips: a run without a browser tests nothing. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const candidate = env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
  if (isExecutable(candidate)) return candidate;
  const source = env.CHROMIUM_PATH ? `CHROMIUM_PATH=${env.CHROMIUM_PATH}` : '/usr/bin/chromium';
  throw new Error(
    `End-to-end tests need Chromium, but ${source} is not an executable file.\n` +
      '  Install it:  apt-get update && apt-get install -y chromium\n' +
      '  or point CHROMIUM_PATH at a Chromium or Chrome executable.',
  );
}

/**
 * CHROMIUM_HEADLESS_SHELL_PATH wins; otherwise Debian's /usr/bin/chromium-headless-shell (package
 * chromium-headless-shell), the old headless mode Playwright itself prefers. It renders with the same engine but has
 * no Push API; without it every spec runs on the full Chromium, slower but the same.
 */
export function findHeadlessShell(chromiumPath: string, env: NodeJS.ProcessEnv = process.env): string {
  const candidate = env.CHROMIUM_HEADLESS_SHELL_PATH?.trim() || '/usr/bin/chromium-headless-shell';
  if (isExecutable(candidate)) return candidate;
  console.warn(
    `e2e: ${candidate} is missing, every spec runs on ${chromiumPath} (apt-get install -y chromium-headless-shell saves about a minute)`,
  );
  return chromiumPath;
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls /healthz until it answers 200; rejects at once with the server's output when the process dies first. */
async function waitForHealthy(baseURL: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  let exitCode: number | null = null;
  server.once('exit', (code, signal) => {
    exitCode = code ?? (signal ? -1 : 0);
  });
  while (Date.now() < deadline) {
    if (exitCode !== null) throw new Error(`The server under test exited early (code ${exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(
    `The server under test did not answer ${baseURL}/healthz within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${output()}`,
  );
}

/** Resolves once the server has seeded its demo members; rejects with its output when seeding fails or takes too long. */
async function waitForDemoMembers(
  seed: () => 'seeding' | 'done' | 'failed',
  server: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  while (seed() === 'seeding') {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`The server under test exited while seeding:\n${output()}`);
    if (Date.now() > deadline)
      throw new Error(
        `The server under test did not seed its demo members within ${SEED_TIMEOUT_MS / 1000} s:\n${output()}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (seed() === 'failed') throw new Error(`The server under test could not seed its demo members:\n${output()}`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

type RunningServer = { baseURL: string; stop: () => Promise<void> };

/** Starts one server under test on a free port with its own throw-away database, and waits until it has seeded. */
async function startServer(index: number): Promise<RunningServer> {
  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'e2e-data-'));
  // A fresh embedded database every run (an outside DATABASE_URL or REDIS_URL would leak state between runs),
  // and mails kept in the development mailbox where specs can read them, never sent through a real SMTP_URL.
  const { DATABASE_URL: _database, REDIS_URL: _redis, SMTP_URL: _smtp, ...inherited } = process.env;
  const server = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      // development: the dev mailbox and demo data of later issues exist, as on a developer's laptop.
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'true',
      WEB_DIST_DIR: path.dirname(webIndex),
      // Every spec's browser comes from 127.0.0.1: per-address limits (settings.php on every page load, signups)
      // would count the whole suite as one visitor. The limits themselves are tested in the API suite.
      RATE_LIMIT_FACTOR: '10',
      // The specs check pages' first views on a loaded machine: a first visitor waits for the render however long it
      // takes (production sends the plain page after 30 ms; the guard has its own tests and bench/ad-traffic).
      PAGE_WAIT_MS: '10000',
      MAIL_EVENTS_SECRET: E2E_MAIL_EVENTS_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The whole log goes to a file for post-mortems; the tail is kept to explain a failed start.
  await fs.promises.mkdir(path.dirname(serverLog(index)), { recursive: true });
  const logFile = fs.createWriteStream(serverLog(index));
  let output = '';
  let seed: 'seeding' | 'done' | 'failed' = 'seeding';
  const keepOutput = (chunk: Buffer) => {
    logFile.write(chunk);
    output = (output + chunk.toString()).slice(-20_000);
    if (seed === 'seeding' && SEED_DONE.test(output)) seed = 'done';
    else if (seed === 'seeding' && SEED_FAILED.test(output)) seed = 'failed';
  };
  server.stdout?.on('data', keepOutput);
  server.stderr?.on('data', keepOutput);

  const stop = async () => {
    await stopServer(server);
    logFile.end();
    await fs.promises.rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealthy(baseURL, server, () => output);
    await waitForDemoMembers(
      () => seed,
      server,
      () => output,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

/**
 * One server per e2e worker (the project's maxWorkers): spec files run two at a time, each worker's files one at a
 * time against its own server, so no file shares a server (its members, limits, render budget) with a concurrent one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromiumPath = findChromium();
  if (!fs.existsSync(webIndex)) {
    throw new Error(
      `The web app is not built (${path.relative(repoRoot, webIndex)} is missing). Run "npm run test:e2e", which builds first, or "npm run build".`,
    );
  }

  const count = Math.max(1, project.config.maxWorkers ?? 1);
  const started = await Promise.allSettled(Array.from({ length: count }, (_, index) => startServer(index)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }

  project.provide(
    'baseURLs',
    servers.map((server) => server.baseURL),
  );
  project.provide('chromiumPath', chromiumPath);
  project.provide('headlessShellPath', findHeadlessShell(chromiumPath));
  return teardown;
}
