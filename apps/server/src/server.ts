// Process entry: reads the config, listens, and closes cleanly on SIGTERM/SIGINT.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { serveBackups } from './backup-socket.ts';
import { loadProcessConfig } from './config.ts';
import { MigrationError } from './db/migrate.ts';

async function main() {
  const config = loadProcessConfig();
  if (!config) process.exit(1);
  // Handlers go in before the app is built: a signal during start-up (migrations, seeding) waits for the
  // build and then closes, instead of killing the process half-way through writing the embedded database.
  const shutdown: { app?: FastifyInstance; signal?: NodeJS.Signals } = {};
  const drainMs = config.drainMs;
  const close = (exitCode: number) => {
    // A signal drains first (health 503, member sockets closed over DRAIN_MS); close() then stops accepting
    // connections and finishes the requests in flight.
    const app = shutdown.app;
    if (!app) return;
    (exitCode === 0 ? app.drain(drainMs) : Promise.resolve())
      .then(() => app.close())
      .then(
        () => process.exit(exitCode),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (shutdown.signal) return;
      shutdown.signal = signal;
      shutdown.app?.log.info(`${signal} received, closing`);
      close(0);
    });
  }
  let app: FastifyInstance;
  try {
    // buildApp migrates a database that is behind (the step `npm run migrate` runs alone) before any plugin starts.
    app = await buildApp(config);
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    console.error(`The database could not be migrated, so the server did not start. ${error.message}`);
    process.exit(1);
  }
  shutdown.app = app;
  // The embedded database's copies for `npm run backup`, on a socket in DATA_DIR (docs/operations.md, "Back up").
  serveBackups(app, config.dataDir);
  if (shutdown.signal) {
    app.log.info(`${shutdown.signal} received during start-up, closing`);
    return close(0);
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error(error);
    return close(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `Site running at http://localhost:${port} (database: ${app.dbKind}${config.databaseUrl ? '' : `, ${config.pgliteDataDir}`})`,
  );
  if (app.demoLogin) console.log(`Demo login: ${app.demoLogin.email} / ${app.demoLogin.password}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
