// `npm run migrate`: the migration step alone (docs/operations.md). `npm start`, `npm run serve` and the cluster scripts
// run it before the server; a deploy runs it once before rolling the instances. Exits 0 when the database is current,
// 1 with a message saying what failed (the failed migration rolled back whole, those before it kept).
import { loadProcessConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase, migrationState } from './db/migrate.ts';

async function main(): Promise<number> {
  const config = loadProcessConfig();
  if (!config) return 1;
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.pgliteDataDir}`;
  const started = Date.now();
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
  } catch (error) {
    console.error(`migrate: cannot open ${where}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  try {
    const applied = await migrateDatabase(handle, { databaseOwnerUrl: config.databaseOwnerUrl });
    const state = await migrationState(handle.db);
    console.log(
      `migrate: ${applied.length ? `applied ${applied.join(', ')}` : 'nothing to apply'}; ${where} is at ${state.applied} of ${state.total} migrations (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    return 0;
  } catch (error) {
    console.error(`migrate: ${where} was not migrated. ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
