// `npm run db:check`: the invariants (db/invariants.ts) of the database the configuration names, read in one
// snapshot, so also beside a running site: ledger sums equal balances, paid orders credited once, paid messages
// debited once, conversations complete, no orphan rows (docs/operations.md, "Restore"). Exits 0 when all hold.
// The embedded database of a running server is checked by that server (DATA_DIR/backup.sock, backup-socket.ts).
import { askServer, backupSocketPath, socketAnswers } from './backup-socket.ts';
import { loadProcessConfig } from './config.ts';
import { isDataDirectory } from './db/backups.ts';
import { openDatabase } from './db/client.ts';
import { checkInvariants, formatInvariants, invariantsHold, type InvariantCheck } from './db/invariants.ts';

async function main(): Promise<number> {
  const config = loadProcessConfig();
  if (!config) return 1;
  let checks: InvariantCheck[];
  try {
    const socketPath = backupSocketPath(config.dataDir);
    if (!config.databaseUrl && (await socketAnswers(socketPath))) {
      checks = JSON.parse((await askServer(socketPath, 'GET', '/check')).toString('utf8')) as InvariantCheck[];
    } else {
      if (!config.databaseUrl && !(await isDataDirectory(config.pgliteDataDir))) {
        console.error(`db:check: ${config.pgliteDataDir} holds no database`);
        return 1;
      }
      const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
      try {
        checks = await checkInvariants(handle.db);
      } finally {
        await handle.close();
      }
    }
  } catch (error) {
    console.error(`db:check: failed. ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  console.log(formatInvariants(checks));
  if (invariantsHold(checks)) return 0;
  console.error('db:check: the database breaks the invariants above');
  return 1;
}

process.exitCode = await main();
