// Process entry: reads the config, listens, and closes cleanly on SIGTERM/SIGINT.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received, closing`);
      app.close().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`Site running at http://localhost:${port} (database: ${app.dbKind}${config.databaseUrl ? '' : `, ${config.pgliteDataDir}`})`);
  if (app.demoLogin) console.log(`Demo login: ${app.demoLogin.email} / ${app.demoLogin.password}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
