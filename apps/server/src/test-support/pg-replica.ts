// A PostgreSQL primary and its streaming replica, made for a test from the machine's PostgreSQL binaries (Debian's
// /usr/lib/postgresql/<version>/bin): initdb, a replication entry, pg_basebackup -R, each on a free port in a
// temporary folder. The servers refuse to run as root, so they run as the `postgres` user when the test is root.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);

export type PgPair = { primaryUrl: string; replicaUrl: string; stop: () => Promise<void> };

/** The folder of the newest installed PostgreSQL's binaries, or null. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((entry) => fs.existsSync(path.join(root, entry, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export async function startPrimaryAndReplica(): Promise<PgPair> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries in /usr/lib/postgresql');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-replica-'));
  fs.chmodSync(folder, 0o777);
  const asPostgres = (command: string, args: string[]) =>
    process.getuid?.() === 0
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const primary = path.join(folder, 'primary');
  const replica = path.join(folder, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const settings = (port: number) =>
    `port = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${folder}'\nfsync = off\n` +
    `wal_level = replica\nmax_wal_senders = 4\nhot_standby = on\n`;

  await asPostgres('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres']);
  fs.appendFileSync(path.join(primary, 'postgresql.conf'), settings(primaryPort));
  fs.appendFileSync(path.join(primary, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
  const started: string[] = [];
  const stop = async () => {
    for (const dataDir of started.reverse())
      await asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    await asPostgres('pg_ctl', ['-D', primary, '-l', path.join(folder, 'primary.log'), '-w', 'start']);
    started.push(primary);
    await asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replica,
      '-R',
      '-X',
      'stream',
    ]);
    fs.appendFileSync(path.join(replica, 'postgresql.conf'), settings(replicaPort));
    await asPostgres('pg_ctl', ['-D', replica, '-l', path.join(folder, 'replica.log'), '-w', 'start']);
    started.push(replica);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stop,
  };
}
