// Back up and restore the embedded database (docs/operations.md, "Back up" and "Restore"): the real server runs on a
// temporary DATA_DIR while members sign up through the API, `npm run backup` has the running server copy its database
// (DATA_DIR/backup.sock), the server stops, `npm run restore` loads the copy into a new DATA_DIR, and the server started
// there has every member answered before the backup and none who signed up after it. Vitest project `process`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const START_TIMEOUT_MS = 60_000;
const BROWSER = { 'request-type': 'client', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0' };
const PASSWORD = 'correct horse 1';

const children: ChildProcess[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  for (const folder of folders.splice(0)) await fs.rm(folder, { recursive: true, force: true });
});

/** The environment of the server and the npm scripts: the embedded database in `dataDir`. */
function environment(dataDir: string): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, TEST_DATABASE_URL: _test, ...inherited } = process.env;
  return {
    ...inherited,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'warn',
    // Many signups from one address in a few seconds.
    RATE_LIMIT_FACTOR: '1000',
  };
}

type Server = { child: ChildProcess; base: string; output: () => string };

async function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: environment(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const port = /Site running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
    if (port) return { child, base: `http://127.0.0.1:${port}`, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not start:\n${output}`);
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  expect(await exited, server.output()).toBe(0);
}

/** `npm run <script> -- <args>` on `dataDir`: its exit code and output. */
function npmRun(script: string, args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: repoRoot,
    env: environment(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

type Member = { email: string; askedAt: number; answeredAt: number };

async function signUp(server: Server): Promise<Member> {
  const email = `backup.${randomBytes(5).toString('hex')}@example.com`;
  const askedAt = performance.now();
  const response = await fetch(`${server.base}/api/signup.php`, {
    method: 'POST',
    headers: { ...BROWSER, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      username: `backup${randomBytes(3).toString('hex')}`,
      password: PASSWORD,
      date_of_birth: '1990-05-17',
    }),
  });
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${await response.text()}`);
  return { email, askedAt, answeredAt: performance.now() };
}

/** The member's credits after logging in, or the login's status when it fails. */
async function logIn(server: Server, email: string): Promise<{ status: number; credits?: number }> {
  const response = await fetch(`${server.base}/api/user.php`, {
    method: 'POST',
    headers: { ...BROWSER, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) return { status: response.status };
  return { status: 200, credits: ((await response.json()) as { user: { credits: number } }).user.credits };
}

async function newFolder(prefix: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

describe('backup and restore of the embedded database', () => {
  it('npm run backup copies a running server while members sign up; npm run restore into a new DATA_DIR brings back exactly what was answered before it', async () => {
    const dataDir = await newFolder('app-backup-');
    const restoredDir = await newFolder('app-restored-');
    const file = path.join(await newFolder('app-backup-file-'), 'site.tar.gz');
    const server = await startServer(dataDir);
    const before: Member[] = [];
    for (let index = 0; index < 3; index += 1) before.push(await signUp(server));

    // Members keep signing up while the backup is taken.
    const during: Member[] = [];
    let isStopped = false;
    const signingUp = (async () => {
      while (!isStopped) during.push(await signUp(server));
    })();
    const backupStartedAt = performance.now();
    const backup = await npmRun('backup', [file], dataDir);
    const backupEndedAt = performance.now();
    isStopped = true;
    await signingUp;
    expect(backup, backup.output).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(/backup: embedded database .* \(running server\) written to .*site\.tar\.gz/);
    // Writes did run beside it.
    expect(
      during.filter((member) => member.answeredAt > backupStartedAt && member.askedAt < backupEndedAt).length,
    ).toBeGreaterThan(0);
    const after = await signUp(server);

    // The running server checks itself on request, and refuses a restore under it.
    const check = await npmRun('db:check', [], dataDir);
    expect(check, check.output).toMatchObject({ code: 0 });
    expect(check.output).toMatch(/ok +balances: .* \([1-9]\d* checked\)/);
    const refused = await npmRun('restore', [file], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('a server is running');
    await stopServer(server);
    await expect(fs.stat(path.join(dataDir, 'backup.sock'))).rejects.toThrow();

    const restore = await npmRun('restore', [file], restoredDir);
    expect(restore, restore.output).toMatchObject({ code: 0 });
    expect(restore.output).toContain('every invariant holds');
    const restored = await startServer(restoredDir);
    // Signed up before the backup: there, with the signup bonus the ledger gave them.
    for (const member of [...before, ...during.filter((member) => member.answeredAt < backupStartedAt)])
      expect(await logIn(restored, member.email)).toEqual({ status: 200, credits: 20 });
    // Under way while the backup ran: there whole or not at all. Signed up after it: not there.
    for (const member of during.filter((member) => member.answeredAt >= backupStartedAt))
      expect([{ status: 200, credits: 20 }, { status: 401 }]).toContainEqual(await logIn(restored, member.email));
    expect((await logIn(restored, after.email)).status).toBe(401);
    // And it takes new members (its ids and sequences came back with the data).
    await signUp(restored);
    console.log(
      `embedded backup: ${before.length} members before, ${during.length} signing up during the ${((backupEndedAt - backupStartedAt) / 1000).toFixed(1)} s of npm run backup, file ${(await fs.stat(file)).size} bytes`,
    );
    await stopServer(restored);
  }, 120_000);
});
