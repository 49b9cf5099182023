// Redis can fail: the real server on a Redis this test starts, then stops under load and starts again. While it is
// down the instance answers at once (commands fail fast), login lockout and limits count in the instance's memory
// rather than switching off, sockets are refused so apps poll, and /healthz and /metrics say degraded; once Redis is
// back everything returns by itself. Vitest project `process`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!hasRedisServer)('the server while its Redis is down', () => {
  let redisPort: number;
  let redisServer: ChildProcess | undefined;
  let server: ChildProcess;
  let base: string;
  let metricsUrl: string;
  let output = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-redis-down-'));

  const startRedis = async () => {
    redisServer = spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await until(async () => {
      const client = new Redis(redisPort, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0 });
      try {
        await client.connect();
        return (await client.ping()) === 'PONG' ? true : undefined;
      } finally {
        client.disconnect();
      }
    }, 'redis-server to answer');
  };
  const stopRedis = async () => {
    const child = redisServer!;
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const health = async () => (await fetch(`${base}/healthz`)).json() as Promise<{ status: string; redis?: string }>;
  const timed = async (url: string, init?: RequestInit) => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, init);
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started, response };
  };
  const login = (email: string, ip: string) =>
    timed('/api/user.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'request-type': 'client', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password: 'wrong password 1' }),
    });

  beforeAll(async () => {
    redisPort = await freePort();
    await startRedis();
    const metricsPort = await freePort();
    const { DATABASE_URL: _database, REDIS_URL: _redis, TEST_DATABASE_URL: _test, ...inherited } = process.env;
    server = spawn(process.execPath, ['apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...inherited,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'error',
        TRUST_PROXY: 'true',
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        METRICS_PORT: String(metricsPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += String(chunk)));
    server.stderr!.on('data', (chunk) => (output += String(chunk)));
    const port = await until(
      async () => {
        if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        return /Site running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      },
      'the server to listen',
      120_000,
    );
    base = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  }, 180_000);

  afterAll(async () => {
    server?.kill('SIGKILL');
    redisServer?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A member's session cookie, from a signup through the API. */
  async function signUp(): Promise<string> {
    const response = await fetch(`${base}/api/signup.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'request-type': 'client', 'x-forwarded-for': '192.0.2.44' },
      body: JSON.stringify({
        email: `socket-${Date.now()}@example.com`,
        username: 'Socketeer',
        password: 'correct horse 1',
        date_of_birth: '1990-05-17',
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  }

  /** 'open' when the member's socket opens and stays open, else the close code it got. */
  function socketOutcome(cookie: string): Promise<'open' | number> {
    return new Promise((resolve) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/api/socket`, { headers: { cookie, origin: base } });
      // Accepted only if the server keeps it: a refused socket is closed right after the upgrade, with its code.
      socket.on('open', () =>
        setTimeout(() => {
          resolve('open');
          socket.close();
        }, 500),
      );
      socket.on('close', (code) => resolve(code));
      socket.on('error', () => undefined);
    });
  }

  it('keeps answering at once, keeps its limits, refuses sockets, says so, and recovers by itself', async () => {
    expect(await health()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    const member = await signUp();
    expect(await socketOutcome(member)).toBe('open');
    const usual = await timed('/api/settings.php');
    expect(usual.status).toBe(200);

    // Load while Redis goes away: four visitors asking for settings without a pause.
    let isLoading = true;
    const answers: { status: number; ms: number }[] = [];
    let visitor = 0;
    const load = Array.from({ length: 4 }, async () => {
      while (isLoading) {
        // Each from its own address: settings.php has a limit per address, which is not what this measures.
        visitor += 1;
        const ip = `198.18.${(visitor >> 8) & 255}.${visitor & 255}`;
        answers.push(await timed('/api/settings.php', { headers: { 'x-forwarded-for': ip } }));
      }
    });
    await stopRedis();
    const degraded = await until(
      async () => {
        const state = await health();
        return state.status === 'degraded' ? state : undefined;
      },
      '/healthz to say degraded',
      10_000,
    );
    expect(degraded).toEqual({ status: 'degraded', database: 'ok', redis: 'unreachable' });
    expect(await (await fetch(metricsUrl)).text()).toMatch(/^redis_up 0$/m);

    // Answers come at once: no command waits for a connection (before: about 10 s each).
    const during = await timed('/api/settings.php');
    expect(during.status).toBe(200);
    expect(during.ms).toBeLessThan(1000);

    // The lockout of an address without an account still counts (in this instance's memory): the fifth failure locks.
    const email = `nobody-${Date.now()}@example.com`;
    const failures = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) failures.push(await login(email, '203.0.113.7'));
    expect(failures.slice(0, 4).map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(failures[4]!.status).toBe(429);
    for (const answer of failures) expect(answer.ms).toBeLessThan(2000);

    // A money-related limit too: 60 price lists a minute per address, the 61st refused.
    const prices = [];
    for (let request = 0; request < 61; request += 1)
      prices.push((await timed('/api/pricing.php', { headers: { 'x-forwarded-for': '198.51.100.9' } })).status);
    expect(prices.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(prices[60]).toBe(429);

    // A member socket is refused with "try again later" (1013): the app polls meanwhile.
    expect(await socketOutcome(member)).toBe(1013);

    isLoading = false;
    await Promise.all(load);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual([]);
    const slow = answers.filter((answer) => answer.ms > 2000);
    expect(
      slow.length,
      `answers slower than 2 s during the outage: ${slow.map((a) => Math.round(a.ms)).join(', ')}`,
    ).toBe(0);

    // Back by itself once Redis answers again; limits count in Redis again.
    await startRedis();
    await until(async () => ((await health()).status === 'ok' ? true : undefined), '/healthz to be ok again', 15_000);
    expect(await (await fetch(metricsUrl)).text()).toMatch(/^redis_up 1$/m);
    expect(await socketOutcome(member)).toBe('open');
    await login(`again-${Date.now()}@example.com`, '203.0.113.8');
    const redis = new Redis(redisPort, '127.0.0.1');
    try {
      expect((await redis.keys('*ratelimit*')).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
    console.log(
      `Redis down: ${answers.length} answers under load, slowest ${Math.round(Math.max(...answers.map((a) => a.ms)))} ms; settings.php ${Math.round(usual.ms)} ms before, ${Math.round(during.ms)} ms during`,
    );
  }, 120_000);
});
