// `npm run backup -- [file] [--offline]`: a consistent backup of the database the configuration names
// (docs/operations.md, "Back up"). Exits 0 with the file written, 1 with a message saying why not.
//   PostgreSQL (DATABASE_URL): pg_dump in the custom format, as DATABASE_OWNER_URL's role when set (it reads everything).
//   Embedded (no DATABASE_URL): the running server copies its database (DATA_DIR/backup.sock, backup-socket.ts);
//   --offline copies the folder of a stopped server itself.
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { askServer, backupSocketPath, dumpPglite, socketAnswers } from './backup-socket.ts';
import { loadProcessConfig } from './config.ts';
import {
  PG_DUMP_FLAGS,
  databaseName,
  defaultBackupName,
  isDataDirectory,
  openPglite,
  resolveFromCaller,
  runTool,
  toolConnection,
  writeWhole,
} from './db/backups.ts';

const USAGE = 'usage: npm run backup -- [file] [--offline]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({ allowPositionals: true, options: { offline: { type: 'boolean', default: false } } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 1;
  }
  if (args.positionals.length > 1) {
    console.error(USAGE);
    return 1;
  }
  const config = loadProcessConfig();
  if (!config) return 1;
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const file = resolveFromCaller(args.positionals[0] ?? defaultBackupName(kind));
  const started = performance.now();
  try {
    if (config.databaseUrl) {
      const url = config.databaseOwnerUrl ?? config.databaseUrl;
      const { dbname, env } = toolConnection(url);
      const partial = `${file}.partial`;
      await runTool('pg_dump', [...PG_DUMP_FLAGS, `--file=${partial}`, `--dbname=${dbname}`], env);
      await fs.rename(partial, file);
      console.log(`backup: PostgreSQL database ${databaseName(url)} written to ${file} (${await sizeOf(file)})`);
    } else {
      const socketPath = backupSocketPath(config.dataDir);
      const isServed = await socketAnswers(socketPath);
      if (isServed && args.values.offline) {
        console.error(
          `backup: a server is running on ${config.dataDir} (it answers on ${socketPath}): leave out --offline`,
        );
        return 1;
      }
      if (!isServed && !args.values.offline) {
        console.error(
          `backup: no server answers on ${socketPath}. Start it, or, with the server stopped, run npm run backup -- --offline`,
        );
        return 1;
      }
      if (isServed) {
        await writeWhole(file, await askServer(socketPath, 'POST', '/backup'));
      } else {
        if (!(await isDataDirectory(config.pgliteDataDir))) {
          console.error(`backup: ${config.pgliteDataDir} holds no database`);
          return 1;
        }
        const client = await openPglite(config.pgliteDataDir);
        try {
          await writeWhole(file, new Uint8Array(await (await dumpPglite(client)).arrayBuffer()));
        } finally {
          await client.close();
        }
      }
      console.log(
        `backup: embedded database ${config.pgliteDataDir}${isServed ? ' (running server)' : ''} written to ${file} (${await sizeOf(file)})`,
      );
    }
  } catch (error) {
    await fs.rm(`${file}.partial`, { force: true });
    console.error(`backup: failed. ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  console.log(`backup: took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

async function sizeOf(file: string): Promise<string> {
  const { size } = await fs.stat(file);
  return size > 1024 * 1024 ? `${(size / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(size / 1024)} kB`;
}

process.exitCode = await main();
