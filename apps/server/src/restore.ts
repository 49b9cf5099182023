// `npm run restore -- <file>`: puts a backup of `npm run backup` back, then checks the invariants on it
// (docs/operations.md, "Restore"). Exits 0 when restored and every invariant holds, 1 otherwise, saying why.
//   PostgreSQL (DATABASE_URL, or DATABASE_OWNER_URL when set): pg_restore into that database, which must be empty
//   (createdb a new one: a restore never writes over a database that has tables).
//   Embedded (no DATA_DIR/pglite server running): DATA_DIR/pglite is moved aside (kept, named in the output) and the
//   tarball loaded into a new DATA_DIR/pglite.
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { backupSocketPath, socketAnswers } from './backup-socket.ts';
import { loadProcessConfig } from './config.ts';
import {
  PG_RESTORE_FLAGS,
  databaseName,
  isDataDirectory,
  openPglite,
  resolveFromCaller,
  runTool,
  toolConnection,
} from './db/backups.ts';
import { openDatabase, type Database } from './db/client.ts';
import { checkInvariants, formatInvariants, invariantsHold } from './db/invariants.ts';
import * as schema from './db/schema/index.ts';

const USAGE = 'usage: npm run restore -- <file>';

async function main(): Promise<number> {
  const [argument, ...rest] = process.argv.slice(2);
  if (!argument || rest.length || argument.startsWith('-')) {
    console.error(USAGE);
    return 1;
  }
  const config = loadProcessConfig();
  if (!config) return 1;
  const file = resolveFromCaller(argument);
  if (!(await fs.stat(file).catch(() => undefined))?.isFile()) {
    console.error(`restore: no file ${file}`);
    return 1;
  }
  try {
    return config.databaseUrl
      ? await restorePostgres(file, config.databaseOwnerUrl ?? config.databaseUrl)
      : await restorePglite(file, config.dataDir, config.pgliteDataDir);
  } catch (error) {
    console.error(`restore: failed. ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function restorePostgres(file: string, url: string): Promise<number> {
  const name = databaseName(url);
  const handle = await openDatabase({ databaseUrl: url, pgliteDataDir: 'memory://' });
  try {
    const { rows } = (await handle.db.execute(
      sql`select count(*)::int as count from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    )) as unknown as { rows: { count: number }[] };
    if (Number(rows[0]?.count) > 0) {
      console.error(
        `restore: database ${name} has tables already. Restore into a new database (createdb ${name}_restored), point DATABASE_URL at it and run this again.`,
      );
      return 1;
    }
    const { dbname, env } = toolConnection(url);
    const started = performance.now();
    await runTool('pg_restore', [...PG_RESTORE_FLAGS, `--dbname=${dbname}`, file], env);
    console.log(
      `restore: ${file} restored into PostgreSQL database ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    return await report(handle.db);
  } finally {
    await handle.close();
  }
}

async function restorePglite(file: string, dataDir: string, pgliteDataDir: string): Promise<number> {
  const socketPath = backupSocketPath(dataDir);
  if (await socketAnswers(socketPath)) {
    console.error(`restore: a server is running on ${dataDir} (it answers on ${socketPath}): stop it first`);
    return 1;
  }
  const tarball = new Blob([await fs.readFile(file)]);
  const hasData = await isDataDirectory(pgliteDataDir);
  const kept = `${pgliteDataDir}.before-restore-${new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}`;
  if (hasData) await fs.rename(pgliteDataDir, kept);
  else await fs.rm(pgliteDataDir, { recursive: true, force: true });
  await fs.mkdir(pgliteDataDir, { recursive: true });
  const started = performance.now();
  let client;
  try {
    // PGlite unpacks the tarball and starts on it: a copy of a running server replays its log here.
    client = await openPglite(pgliteDataDir, tarball);
  } catch (error) {
    await fs.rm(pgliteDataDir, { recursive: true, force: true });
    if (hasData) await fs.rename(kept, pgliteDataDir);
    throw new Error(
      `${file} could not be loaded (${error instanceof Error ? error.message : String(error)}); ${pgliteDataDir} is as it was`,
      { cause: error },
    );
  }
  try {
    console.log(
      `restore: ${file} loaded into ${pgliteDataDir} (${((performance.now() - started) / 1000).toFixed(1)} s)${hasData ? `; the data it replaced is in ${kept} (delete it once the site is verified)` : ''}`,
    );
    const { drizzle } = await import('drizzle-orm/pglite');
    return await report(drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database);
  } finally {
    // A clean shutdown: the server starts on it without replaying anything.
    await client.close();
  }
}

async function report(db: Database): Promise<number> {
  const checks = await checkInvariants(db);
  console.log(formatInvariants(checks));
  if (invariantsHold(checks)) {
    console.log('restore: every invariant holds; start the server on it');
    return 0;
  }
  console.error('restore: the restored database breaks the invariants above (docs/operations.md, "Restore")');
  return 1;
}

process.exitCode = await main();
