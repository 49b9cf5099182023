// The real process: it listens, and SIGTERM closes it cleanly, also when the signal arrives during start-up;
// a bad configuration stops it. Vitest project `process` (slow: each test starts a server).
import { execFile, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const START_TIMEOUT_MS = 60_000;

type Server = {
  child: ChildProcess;
  dataDir: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const started: Server[] = [];

/** The server as `node` runs it, or through a shell command (as `npm start` runs its script). */
function startServer(shellCommand?: string): Server {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-server-test-'));
  // The embedded database, whatever the test run points the API suite at.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'info',
  };
  const options: SpawnOptions = { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] };
  const child: ChildProcess = shellCommand
    ? // A process group of its own, so cleanup also reaches a server the shell left behind.
      spawn('sh', ['-c', shellCommand], { ...options, detached: true })
    : spawn(process.execPath, ['apps/server/src/server.ts'], options);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server = { child, dataDir, output: () => output, exited };
  started.push(server);
  return server;
}

async function waitFor<T>(check: () => T | undefined, server: Server): Promise<T> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const value = check();
    if (value !== undefined) return value;
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out:\n${server.output()}`);
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
    if (server.child.spawnargs[0] === 'sh' && server.child.pid) {
      try {
        process.kill(-server.child.pid, 'SIGKILL');
      } catch {
        // the group is gone already
      }
    }
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
});

describe('server process', () => {
  it('closes on SIGTERM: exit code 0, port released', async () => {
    const server = startServer();
    const port = await waitFor(() => /Site running at http:\/\/localhost:(\d+)/.exec(server.output())?.[1], server);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('SIGTERM received, closing');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 90_000);

  it('closes on a SIGTERM sent to the shell of `npm start` (npm forwards it there; docker stop, systemd)', async () => {
    const packageJson = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    // The script without its web build, which this test does not need.
    const startScript = packageJson.scripts.start.replace(/^npm run build && /, '');
    expect(startScript).not.toBe(packageJson.scripts.start);
    const server = startServer(startScript);
    const port = await waitFor(() => /Site running at http:\/\/localhost:(\d+)/.exec(server.output())?.[1], server);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // Without `exec` the shell dies and the server, orphaned, keeps the port.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 90_000);

  it('finishes starting, then closes, when SIGTERM arrives during start-up', async () => {
    const server = startServer();
    // The embedded database is being created: killing the process now could leave it half-written.
    await waitFor(() => (fs.existsSync(path.join(server.dataDir, 'pglite')) ? true : undefined), server);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('SIGTERM received during start-up, closing');
    expect(server.output()).not.toContain('Site running at');
  }, 90_000);

  it('stops at start-up with a message naming a bad variable', async () => {
    const run = promisify(execFile)(process.execPath, ['apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'abc', NODE_ENV: 'production' },
      timeout: 20_000,
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('PORT="abc"') });
  });
});
