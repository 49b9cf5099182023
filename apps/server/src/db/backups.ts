// Backup files of both databases (docs/operations.md, "Back up" and "Restore"): PostgreSQL's through pg_dump and
// pg_restore with the flags below, the embedded database's as the tarball PGlite's dumpDataDir writes.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLITE_SETTINGS } from './pglite-options.ts';

/**
 * pg_dump's flags: the custom format (compressed; pg_restore can restore it table by table, in parallel if wanted).
 * pg_dump reads in one REPEATABLE READ transaction, so the file is the database as it was at one moment while the
 * site writes on, and it syncs the file to disk before it exits.
 */
export const PG_DUMP_FLAGS = ['--format=custom'];

/**
 * pg_restore's flags: all or nothing (one transaction, which stops at the first error), objects owned by the
 * restoring role and no grants (the migration step grants the app's role again at start, docs/database-roles.md).
 */
export const PG_RESTORE_FLAGS = ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges'];

/**
 * A connection string for the PostgreSQL tools without its password, which goes in PGPASSWORD instead: a password on
 * the command line is visible to every user of the machine in the process list.
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.href, env: password ? { PGPASSWORD: password } : {} };
}

/** The database's name in a connection string, for messages. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || '(default)';
}

/** Runs a PostgreSQL tool with its output on ours; rejects with its stderr when it fails. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
      process.stderr.write(chunk);
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} is not installed (Debian: apt-get install postgresql-client)`)
          : error,
      ),
    );
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
    });
  });
}

/** Where a file named on the command line goes: relative to the folder `npm run` was started in. */
export function resolveFromCaller(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** A file name for a backup taken now. */
export function defaultBackupName(kind: 'postgres' | 'pglite', now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return kind === 'postgres' ? `backup-postgres-${stamp}.dump` : `backup-pglite-${stamp}.tar.gz`;
}

/** Writes `bytes` to `file` through a temporary name, on disk before it is renamed: that name is a whole backup. */
export async function writeWhole(file: string, bytes: Uint8Array): Promise<void> {
  const partial = `${file}.partial`;
  const handle = await fs.open(partial, 'w', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(partial, file);
}

/** Whether `folder` holds a PostgreSQL data directory (PGlite's included). */
export async function isDataDirectory(folder: string): Promise<boolean> {
  return Boolean(await fs.stat(path.join(folder, 'PG_VERSION')).catch(() => undefined));
}

/** Opens the embedded database in `dataDir` as the server does (its memory settings), from `tarball` when given. */
export async function openPglite(dataDir: string, tarball?: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({
    dataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    ...(tarball ? { loadDataDir: tarball } : {}),
  });
}
