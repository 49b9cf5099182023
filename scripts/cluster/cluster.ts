// A cluster on real parts: N app instances (the server as `npm start` runs it) on one PostgreSQL and one Redis, behind
// HAProxy from Debian's packages (WebSocket upgrade, health checks on /healthz, least connections, no sticky
// sessions). Used by `npm run cluster` (scripts/cluster.ts), its test (scripts/cluster.process.test.ts) and
// bench/cluster. docs/cluster.md.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test-support/ports.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HAPROXY = process.env.HAPROXY_PATH?.trim() || '/usr/sbin/haproxy';

/** Health checks every 500 ms, 2 failures mark an instance down: a dead instance gets no new request after about 1 s. */
const CHECK = 'inter 500ms fastinter 250ms downinter 1s fall 2 rise 2';

export type Instance = {
  name: string;
  port: number;
  metricsPort: number;
  child: ChildProcess;
  /** Everything the instance printed. */
  output: () => string;
  exited: Promise<number | NodeJS.Signals | null>;
};

export type Cluster = {
  /** The load balancer's address, e.g. http://127.0.0.1:8080. */
  url: string;
  port: number;
  instances: Instance[];
  /** Starts instance `index` again (after it was killed or stopped), on its port. */
  restart(index: number): Promise<Instance>;
  /** Whether HAProxy counts instance `index` up right now (its stats). */
  isUp(index: number): Promise<boolean>;
  /** SIGTERM to every instance and HAProxy; waits for them to exit. */
  stop(): Promise<void>;
};

export type ClusterOptions = {
  instances: number;
  databaseUrl: string;
  redisUrl: string;
  /** The load balancer's port (0: a free one). */
  port?: number;
  /** More environment for every instance (NODE_ENV, DEMO_MEMBER_COUNT, REDIS_KEY_PREFIX, …). */
  env?: Record<string, string>;
  /** Print the instances' and HAProxy's output as it comes. */
  isVerbose?: boolean;
};

/** Whether HAProxy is installed (`apt-get install -y haproxy`). */
export function hasHaproxy(): boolean {
  return spawnSync(HAPROXY, ['-v'], { stdio: 'ignore' }).status === 0;
}

/** HAProxy's configuration: one frontend, one backend of every instance, a stats socket to read their state. */
export function haproxyConfig(options: { port: number; servers: { name: string; port: number }[]; stats: string }) {
  return `global
  # Two file descriptors a connection: within a default open-file limit. Raise both for a real load.
  maxconn 4000
  stats socket ${options.stats} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 65s
  timeout server 65s
  # A WebSocket, once upgraded, is a tunnel: idle for up to the member's heartbeat interval and more.
  timeout tunnel 1h
  timeout http-keep-alive 10s
  option forwardfor
  # A request whose connection to an instance failed was never received, and one an instance answered 503 was never
  # handled (Fastify answers 503 to requests that arrive once it is closing, before any handler runs; the
  # load balancer may still send one in the moment before its health check counts a draining instance down): both
  # are sent to another instance. So is an empty response (a keep-alive connection the instance closed as the request
  # arrived). A rolling restart then fails no request (scripts/cluster.process.test.ts).
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response 503

frontend site
  bind 127.0.0.1:${options.port}
  default_backend instances
  # Which instance answered (tests and load runs read it); members never need to come back to the same one.
  http-response set-header X-Instance %s

backend instances
  balance leastconn
  option httpchk
  http-check send meth GET uri /healthz
  http-check expect status 200
  default-server ${CHECK}
${options.servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`).join('\n')}
`;
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, limitMs = 90_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** A command to HAProxy's stats socket; answers its text. */
function statsCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let text = '';
    socket.on('data', (chunk) => (text += String(chunk)));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.end(`${command}\n`);
  });
}

/** `npm run migrate` on the cluster's database; throws with its output when it fails. */
function migrate(databaseUrl: string, env: NodeJS.ProcessEnv = {}): void {
  const { DATABASE_URL: _database, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ['apps/server/src/migrate.ts'], {
    cwd: repoRoot,
    env: { ...inherited, NODE_ENV: 'production', ...env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`migrate failed:\n${result.stdout}${result.stderr}`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!hasHaproxy()) throw new Error(`HAProxy is missing (${HAPROXY}): apt-get install -y haproxy`);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'app-cluster-'));
  const port = options.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const slots = await Promise.all(
    Array.from({ length: options.instances }, async (_, index) => ({
      name: `app${index + 1}`,
      port: await freePort(),
      metricsPort: await freePort(),
    })),
  );
  const children: ChildProcess[] = [];

  const launch = (index: number): Instance => {
    const slot = slots[index]!;
    // The instances read only what the cluster gives them: no database or Redis of the caller's own environment.
    const { DATABASE_URL: _database, REDIS_URL: _redis, TEST_DATABASE_URL: _test, ...inherited } = process.env;
    const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...inherited,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(folder, slot.name),
        PUBLIC_URL: url,
        TRUST_PROXY: 'true',
        ...options.env,
        PORT: String(slot.port),
        METRICS_PORT: String(slot.metricsPort),
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: options.redisUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const take = (chunk: Buffer) => {
      output += String(chunk);
      if (options.isVerbose) process.stdout.write(`[${slot.name}] ${String(chunk)}`);
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    return { ...slot, child, output: () => output, exited };
  };

  const ready = async (instance: Instance) => {
    await waitFor(async () => {
      if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited:\n${instance.output()}`);
      return answers(`http://127.0.0.1:${instance.port}/healthz`);
    }, `${instance.name} to answer`);
  };

  // The migration step once, before any instance (as a deploy runs it): the instances then find the schema current.
  if (options.databaseUrl) migrate(options.databaseUrl, options.env);
  // One at a time: the first seeds (in development) under the start-up lock while the others would wait.
  const instances: Instance[] = [];
  try {
    for (let index = 0; index < slots.length; index += 1) {
      const instance = launch(index);
      instances.push(instance);
      await ready(instance);
    }
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    throw error;
  }

  const stats = path.join(folder, 'haproxy.sock');
  const configFile = path.join(folder, 'haproxy.cfg');
  await fs.writeFile(configFile, haproxyConfig({ port, servers: slots, stats }));
  const haproxy = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let haproxyOutput = '';
  const takeHaproxy = (chunk: Buffer) => {
    haproxyOutput += String(chunk);
    if (options.isVerbose) process.stdout.write(`[haproxy] ${String(chunk)}`);
  };
  haproxy.stdout?.on('data', takeHaproxy);
  haproxy.stderr?.on('data', takeHaproxy);
  const haproxyExited = new Promise((resolve) => haproxy.once('exit', resolve));

  const isUp = async (index: number) => {
    const csv = await statsCommand(stats, 'show stat').catch(() => '');
    const line = csv.split('\n').find((row) => row.startsWith(`instances,${slots[index]!.name},`));
    return line?.split(',')[17]?.startsWith('UP') ?? false;
  };
  try {
    await waitFor(async () => {
      if (haproxy.exitCode !== null) throw new Error(`HAProxy exited:\n${haproxyOutput}`);
      const states = await Promise.all(slots.map((_, index) => isUp(index)));
      return states.every(Boolean);
    }, 'HAProxy to count every instance up');
  } catch (error) {
    haproxy.kill('SIGKILL');
    for (const child of children) child.kill('SIGKILL');
    throw error;
  }

  return {
    url,
    port,
    instances,
    isUp,
    async restart(index) {
      const instance = launch(index);
      instances[index] = instance;
      await ready(instance);
      return instance;
    },
    async stop() {
      const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
      await Promise.all(
        running.map(
          (child) =>
            new Promise<void>((resolve) => {
              const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
              child.once('exit', () => {
                clearTimeout(killer);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
      haproxy.kill('SIGTERM');
      await haproxyExited;
      await fs.rm(folder, { recursive: true, force: true });
    },
  };
}
