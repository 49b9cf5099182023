// Expand, deploy, contract (docs/operations.md): the release before the newest migration keeps working on the schema
// with it, as it must while a deploy rolls the instances. The previous release is the commit before the one that
// added the newest migration, taken from git with its own dependencies (npm ci); this release migrates an empty
// PostgreSQL database, then the previous release's server runs on it and serves a member's journey.
// Vitest project `process`; needs TEST_DATABASE_URL and the repository's history (CI runs it in its PostgreSQL pass).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.TEST_DATABASE_URL;
const migrations = path.join(repoRoot, 'apps/server/src/db/migrations');

function git(...args: string[]): string {
  return execFileSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8' }).trim();
}

/** The commit before the one that added the newest migration, or why there is none to test. */
function previousRelease(): { commit: string; migration: string } | string {
  if (spawnSync('git', ['-C', repoRoot, 'rev-parse', '--git-dir']).status !== 0) return 'not a git checkout';
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const migration = journal.entries.at(-1)!.tag;
  const added = git(
    'log',
    '--diff-filter=A',
    '--format=%H',
    '-n',
    '1',
    '--',
    `apps/server/src/db/migrations/${migration}.sql`,
  );
  if (!added) return `the newest migration ${migration} is not committed yet`;
  if (spawnSync('git', ['-C', repoRoot, 'cat-file', '-e', `${added}^`]).status !== 0) return 'shallow history';
  return { commit: git('rev-parse', `${added}^`), migration };
}

const release = previousRelease();

describe.skipIf(!serverUrl || typeof release === 'string')('the previous release on the newest schema', () => {
  const { commit, migration } = release as { commit: string; migration: string };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'previous-release-'));
  const database = `previous_release_${process.pid}`;
  const databaseUrl = (serverUrl ?? '').replace(/\/[^/]*$/, `/${database}`);
  let admin: pg.Client;
  let server: ChildProcess | undefined;
  let base = '';
  let output = '';

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    // This release's migration step: the newest schema.
    execFileSync(process.execPath, ['apps/server/src/migrate.ts'], {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl },
    });
    // The previous release as it was committed, with the dependencies its lock file names (no install scripts: it
    // runs on this process's Node.js).
    execFileSync('sh', ['-c', `git -C "${repoRoot}" archive ${commit} | tar -x -C "${folder}"`]);
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: folder,
      stdio: 'ignore',
    });
    const { DATABASE_URL: _database, REDIS_URL: _redis, TEST_DATABASE_URL: _test, ...inherited } = process.env;
    server = spawn(process.execPath, ['apps/server/src/server.ts'], {
      cwd: folder,
      env: {
        ...inherited,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(folder, 'data'),
        DATABASE_URL: databaseUrl,
        PAYMENTS_TEST_MODE: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += String(chunk)));
    server.stderr!.on('data', (chunk) => (output += String(chunk)));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the previous release's server exited:\n${output}`);
      const port = /Site running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        base = `http://127.0.0.1:${port}`;
        break;
      }
      if (Date.now() > deadline) throw new Error(`the previous release's server did not listen:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 300_000);

  afterAll(async () => {
    server?.kill('SIGKILL');
    if (server)
      await new Promise((resolve) => (server!.exitCode !== null ? resolve(null) : server!.once('exit', resolve)));
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it(`serves a member's journey (the schema holds ${migration}, the code predates it)`, async () => {
    const { rows } = await admin.query<{ count: number }>(
      'select count(*)::int as count from pg_database where datname = $1',
      [database],
    );
    expect(rows[0]!.count).toBe(1);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const headers = { 'content-type': 'application/json', 'request-type': 'client' };
    const signup = await fetch(`${base}/api/signup.php`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: `previous-${Date.now()}@example.com`,
        username: 'Previous',
        password: 'correct horse 1',
        date_of_birth: '1990-05-17',
      }),
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    const cookie = signup.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    for (const url of [
      '/api/user.php',
      '/api/settings.php',
      '/api/search.php',
      '/api/likes.php',
      '/api/chats.php',
      '/api/pricing.php',
    ])
      expect((await fetch(`${base}${url}`, { headers: { cookie } })).status, url).toBe(200);
    expect(output).not.toMatch(/"level":50/);
  });
});
