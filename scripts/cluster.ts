// `npm run cluster -- [--instances N] [--port P]`: N app instances on PostgreSQL and Redis behind HAProxy
// (scripts/cluster/cluster.ts, docs/cluster.md). DATABASE_URL and REDIS_URL say which; Ctrl-C stops everything.
import { parseArgs } from 'node:util';
import { startCluster } from './cluster/cluster.ts';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    verbose: { type: 'boolean', default: false },
  },
});
const instances = Number(values.instances);
const port = Number(values.port);
const databaseUrl = process.env.DATABASE_URL?.trim();
const redisUrl = process.env.REDIS_URL?.trim();
if (!Number.isInteger(instances) || instances < 1 || instances > 32) {
  console.error('--instances must be a whole number from 1 to 32');
  process.exit(1);
}
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('--port must be a whole number from 0 to 65535');
  process.exit(1);
}
if (!databaseUrl || !redisUrl) {
  console.error(
    'A cluster shares PostgreSQL and Redis: set DATABASE_URL and REDIS_URL, e.g.\n' +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/dating REDIS_URL=redis://127.0.0.1:6379 npm run cluster',
  );
  process.exit(1);
}

const cluster = await startCluster({
  instances,
  port,
  databaseUrl,
  redisUrl,
  isVerbose: values.verbose,
  // Passed through when set: development seeds demo members once (under the start-up lock), production does not.
  env: Object.fromEntries(
    ['NODE_ENV', 'LOG_LEVEL', 'DEMO_MEMBER_COUNT', 'REDIS_KEY_PREFIX', 'RATE_LIMIT_FACTOR', 'PUBLIC_URL']
      .map((name) => [name, process.env[name]?.trim()] as const)
      .filter((entry): entry is [string, string] => Boolean(entry[1])),
  ),
});
console.log(`Cluster of ${instances} behind HAProxy at ${cluster.url}`);
for (const instance of cluster.instances)
  console.log(
    `  ${instance.name}: http://127.0.0.1:${instance.port}, metrics http://127.0.0.1:${instance.metricsPort}/metrics`,
  );

let isStopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (isStopping) return;
    isStopping = true;
    console.log('stopping: every instance drains, then HAProxy stops');
    void cluster.stop().then(() => process.exit(0));
  });
