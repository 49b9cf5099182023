// A local Redis Cluster of three primaries for tests: the machine's redis-server in cluster mode on free ports, in a
// temporary folder, joined with `redis-cli --cluster create` (docs/chat-scaling.md, "Past one Redis").
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);

export type RedisCluster = { url: string; ports: number[]; stop(): Promise<void> };

/** Whether the machine has redis-server and redis-cli (Debian's redis-server package). */
export async function hasRedisServer(): Promise<boolean> {
  try {
    await run('redis-server', ['--version']);
    await run('redis-cli', ['--version']);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`redis cluster: ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const cli = (port: number, ...args: string[]) => run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args]);

export async function startRedisCluster(nodes = 3): Promise<RedisCluster> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-cluster-'));
  const ports: number[] = [];
  for (let index = 0; index < nodes; index++) ports.push(await freePort());
  const processes: ChildProcess[] = [];
  const stop = async () => {
    for (const child of processes) child.kill('SIGKILL');
    await Promise.all(
      processes.map((child) =>
        child.exitCode === null && child.signalCode === null
          ? new Promise((resolve) => child.once('exit', resolve))
          : undefined,
      ),
    );
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      const dir = path.join(folder, String(port));
      fs.mkdirSync(dir);
      processes.push(
        spawn(
          'redis-server',
          [
            '--port',
            String(port),
            '--bind',
            '127.0.0.1',
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            path.join(dir, 'nodes.conf'),
            '--cluster-node-timeout',
            '2000',
            '--dir',
            dir,
            '--save',
            '',
            '--appendonly',
            'no',
          ],
          { stdio: 'ignore' },
        ),
      );
    }
    for (const port of ports)
      await waitFor(async () => (await cli(port, 'ping')).stdout.trim() === 'PONG', 'a node answering');
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((port) => `127.0.0.1:${port}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    for (const port of ports)
      await waitFor(
        async () => (await cli(port, 'cluster', 'info')).stdout.includes('cluster_state:ok'),
        'the cluster ok',
      );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${ports[0]}`, ports, stop };
}
