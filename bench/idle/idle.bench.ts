// What an idle instance costs its PostgreSQL database (docs/operations.md, "Idle cost"): a production server on a new,
// migrated database, nobody using it; the transactions pg_stat_database counts for it, sampled every 5 s. Prints the
// average and the busiest 60-second window over `--minutes` (default 11: two of pg-boss's 5-minute supervise passes).
// Needs PostgreSQL (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test names the server to use).
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const minutesArgument = process.argv.find((arg) => arg.startsWith('--minutes='));
const MINUTES = minutesArgument ? Number(minutesArgument.split('=')[1]) : 11;
const SAMPLE_MS = 5_000;
const WARM_UP_MS = 30_000;
const WINDOW_SAMPLES = 60_000 / SAMPLE_MS;

const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const name = `bench_idle_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl.toString() });
await admin.connect();
await admin.query(`create database ${name}`);
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-idle-'));
const { DATABASE_URL: _d, REDIS_URL: _r, TEST_DATABASE_URL: _t, ...inherited } = process.env;
const env = {
  ...inherited,
  DATABASE_URL: databaseUrl.toString(),
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  SERVE_WEB: 'false',
  LOG_LEVEL: 'warn',
};

const transactions = async () => {
  await admin.query('select pg_stat_clear_snapshot()');
  const { rows } = await admin.query<{ count: string }>(
    'select xact_commit + xact_rollback as count from pg_stat_database where datname = $1',
    [name],
  );
  return Number(rows[0]?.count ?? 0);
};

const migrated = spawnSync(process.execPath, ['apps/server/src/migrate.ts'], { cwd: repoRoot, env, stdio: 'inherit' });
if (migrated.status !== 0) throw new Error('migrate failed');
const server = spawn(process.execPath, ['apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: 'ignore' });
try {
  console.log(
    `idle instance on ${name}: warming up ${WARM_UP_MS / 1000} s, then ${MINUTES} min in ${SAMPLE_MS / 1000} s samples`,
  );
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  const samples: number[] = [];
  let previous = await transactions();
  const end = Date.now() + MINUTES * 60_000;
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    const count = await transactions();
    samples.push(count - previous);
    previous = count;
  }
  let busiest = 0;
  for (let index = 0; index + WINDOW_SAMPLES <= samples.length; index += 1)
    busiest = Math.max(
      busiest,
      samples.slice(index, index + WINDOW_SAMPLES).reduce((sum, value) => sum + value, 0),
    );
  const total = samples.reduce((sum, value) => sum + value, 0);
  console.log(`samples (transactions per ${SAMPLE_MS / 1000} s): ${samples.join(' ')}`);
  console.log(
    `idle: ${(total / (samples.length * (SAMPLE_MS / 1000))).toFixed(2)} transactions a second on average; ` +
      `busiest 60 s window ${(busiest / 60).toFixed(2)} a second (target: at most 1)`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
