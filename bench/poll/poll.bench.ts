// Poll benchmark: the endpoints every logged-in browser polls, as ratios to a bare Fastify hello-world loaded the same way in the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, median } from '../support/processes.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SEARCH_PAGE = 20;
/** A public address (documentation ranges count as private): settings.php then does a real GeoIP lookup. */
const PUBLIC_ADDRESS = '85.214.132.117';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Server = { name: string; baseUrl: string; process: ChildProcess; firstAnswerMs: number };
type Target = {
  name: string;
  server: Server;
  path: string;
  headers?: Record<string, string>;
  /** A poll that finds nothing new: its headers (the current ETag) are read again before each load, since the tag changes with each refresh window. */
  nothingNew?: () => Promise<Record<string, string>>;
};
type Sample = { requestsPerSecond: number; p99: number; failed: number };

async function waitForAnswer(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url}: no answer within ${timeoutMs} ms`);
}

async function startServer(name: string, args: string[], env: NodeJS.ProcessEnv, readyPath: string): Promise<Server> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${baseUrl}${readyPath}`, child);
  return { name, baseUrl, process: child, firstAnswerMs: performance.now() - started };
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
async function memoryOf(child: ChildProcess): Promise<{ rss: number; peak: number }> {
  const status = await fs.readFile(`/proc/${child.pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

async function load(target: Target): Promise<Sample> {
  const result = await autocannon({
    url: `${target.server.baseUrl}${target.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: target.nothingNew ? await target.nothingNew() : target.headers,
  });
  // 304 is the expected answer of a poll that finds nothing new (there, a full 200 answer counts as failed too);
  // 4xx, 5xx and socket errors are failures.
  const unexpected = target.nothingNew ? result['2xx'] : 0;
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    failed: unexpected + result['4xx'] + result['5xx'] + result.errors + result.timeouts,
  };
}

async function logIn(app: Server): Promise<string> {
  const response = await fetch(`${app.baseUrl}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'request-type': 'client' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
  });
  if (!response.ok) throw new Error(`demo login failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('demo login set no cookie');
  return cookie;
}

type SearchPage = { results: unknown[]; next_cursor: string | null; num_results: number };

async function searchPage(app: Server, cookie: string, cursor?: string): Promise<SearchPage> {
  const url = `${app.baseUrl}/api/search.php${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`search failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as SearchPage;
}

/** Waits until the demo members are seeded (the count stops growing), then returns the deepest page up to SEARCH_PAGE. */
async function deepSearchPath(app: Server, cookie: string): Promise<{ path: string; page: number }> {
  let last = -1;
  for (let stable = 0; stable < 3;) {
    const { num_results: count } = await searchPage(app, cookie);
    stable = count === last && count > 0 ? stable + 1 : 0;
    last = count;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  let cursor: string | undefined;
  let page = 1;
  while (page < SEARCH_PAGE) {
    const next = (await searchPage(app, cookie, cursor)).next_cursor;
    if (!next) break;
    cursor = next;
    page += 1;
  }
  return { path: `/api/search.php${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, page };
}

type Database = { label: string; url: string };

async function startApp(
  name: string,
  database: Database,
  env: NodeJS.ProcessEnv = {},
): Promise<Server & { dataDir: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-poll-'));
  const server = await startServer(
    name,
    ['apps/server/src/server.ts'],
    {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      DATABASE_URL: database.url,
      RATE_LIMIT_FACTOR: '100000',
      ...env,
    },
    '/healthz',
  );
  return { ...server, dataDir };
}

/**
 * The ETag likes.php or chats.php answers once nothing changes any more (the demo seed's conversations may still be
 * arriving): a poll sending it back finds nothing new (304), twice, a second apart.
 */
async function etagOf(app: Server, cookie: string, pathname: string): Promise<string> {
  const url = `${app.baseUrl}${pathname}`;
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const response = await fetch(url, { headers: { cookie } });
    const etag = response.headers.get('etag');
    if (!response.ok || !etag) throw new Error(`${pathname}: no ETag (${response.status})`);
    let isSettled = true;
    for (let check = 0; check < 2 && isSettled; check += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      isSettled = (await fetch(url, { headers: { cookie, 'if-none-match': etag } })).status === 304;
    }
    if (isSettled) return etag;
  }
  throw new Error(`${pathname}: the ETag never settled`);
}

async function main() {
  const databases: Database[] = [{ label: 'PGlite', url: '' }];
  if (process.env.BENCH_DATABASE_URL) databases.push({ label: 'PostgreSQL', url: process.env.BENCH_DATABASE_URL });
  const servers: (Server & { dataDir?: string })[] = [];
  try {
    const bare = await startServer('bare Fastify', ['bench/poll/bare-server.ts'], {}, '/');
    servers.push(bare);
    const targets: Target[] = [{ name: 'bare Fastify', server: bare, path: '/' }];
    const apps: { app: Server; idle: { rss: number; peak: number } }[] = [];
    for (const database of databases) {
      const app = await startApp(`app (${database.label})`, database);
      servers.push(app);
      const cookie = await logIn(app);
      const deep = await deepSearchPath(app, cookie);
      apps.push({ app, idle: await memoryOf(app.process) });
      // The same app without its member-view cache: what the one prepared query costs alone.
      const uncached = await startApp(`app (${database.label}, no member-view cache)`, database, {
        MEMBER_VIEW_CACHE_SIZE: '0',
      });
      servers.push(uncached);
      const uncachedCookie = await logIn(uncached);
      const member = { cookie };
      const label = (text: string) => `${database.label}: ${text}`;
      targets.push(
        { name: label('/healthz (select 1)'), server: app, path: '/healthz' },
        { name: label('GET /api/user.php'), server: app, path: '/api/user.php', headers: member },
        {
          name: label('GET /api/user.php, no member-view cache'),
          server: uncached,
          path: '/api/user.php',
          headers: { cookie: uncachedCookie },
        },
        { name: label('GET /api/likes.php'), server: app, path: '/api/likes.php', headers: member },
        {
          name: label('GET /api/likes.php, nothing new (304)'),
          server: app,
          path: '/api/likes.php',
          nothingNew: async () => ({ ...member, 'if-none-match': await etagOf(app, cookie, '/api/likes.php') }),
        },
        { name: label('GET /api/chats.php'), server: app, path: '/api/chats.php', headers: member },
        {
          name: label('GET /api/chats.php, nothing new (304)'),
          server: app,
          path: '/api/chats.php',
          nothingNew: async () => ({ ...member, 'if-none-match': await etagOf(app, cookie, '/api/chats.php') }),
        },
        {
          name: label('GET /api/settings.php (public address)'),
          server: app,
          path: '/api/settings.php',
          headers: { 'x-forwarded-for': PUBLIC_ADDRESS },
        },
        { name: label('search.php page 1'), server: app, path: '/api/search.php', headers: member },
        { name: label(`search.php page ${deep.page}`), server: app, path: deep.path, headers: member },
      );
    }
    const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
    // Interleaved rounds: a slow minute of the machine touches every target alike.
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const target of targets) samples.get(target.name)!.push(await load(target));
      console.log(`round ${round}/${ROUNDS} done`);
    }
    const baseline = median(samples.get('bare Fastify')!.map((sample) => sample.requestsPerSecond));
    console.log(`\n${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections, medians\n`);
    console.log('| endpoint | requests/s | ratio to bare Fastify | p99 ms | failed |');
    console.log('|---|---|---|---|---|');
    for (const target of targets) {
      const runs = samples.get(target.name)!;
      const rps = median(runs.map((sample) => sample.requestsPerSecond));
      const ratio = rps / baseline;
      console.log(
        `| ${target.name} | ${rps.toFixed(0)} | ${ratio.toFixed(4)} | ${median(runs.map((sample) => sample.p99)).toFixed(1)} | ${runs.reduce((sum, sample) => sum + sample.failed, 0)} |`,
      );
    }
    console.log(`\ntime to first answer: bare ${(bare.firstAnswerMs / 1000).toFixed(2)} s`);
    for (const { app, idle } of apps) {
      const after = await memoryOf(app.process);
      console.log(
        `${app.name}: first answer ${(app.firstAnswerMs / 1000).toFixed(2)} s (fresh data folder); memory idle ${idle.rss.toFixed(0)} MB after seeding, peak ${after.peak.toFixed(0)} MB, ${after.rss.toFixed(0)} MB after the load`,
      );
    }
  } finally {
    for (const server of servers) server.process.kill('SIGTERM');
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) =>
            server.process.exitCode !== null ? resolve(null) : server.process.once('exit', resolve),
          ),
      ),
    );
    for (const server of servers) if (server.dataDir) await fs.rm(server.dataDir, { recursive: true, force: true });
  }
}

await main();
