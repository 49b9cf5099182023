// bench/payments (`npm run bench -- payments`): webhook handling per second against a bare primary-key lookup plus
// update on the same database, the replayed webhook (already credited), and the time from a webhook to the credits
// showing in user.php. In-process (app.inject), so the figures are the app's work, not the loopback's.
// PGlite in a temporary folder by default; BENCH_DATABASE_URL=postgres://… runs on that database (its tables emptied).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { creditBundles, orders, profiles, sandboxPayments, users } from '../../apps/server/src/db/schema/index.ts';
import { resetDatabase } from '../../apps/server/src/test-support/test-app.ts';
import type { DbPluginOptions } from '../../apps/server/src/plugins/db.plugin.ts';

export type Decorations = [DbPluginOptions];

const ORDERS = Number(process.env.BENCH_ORDERS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 8);
const LATENCY_SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 60);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-payments-'));

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_FACTOR: '1000',
  SERVE_WEB: 'false',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
let app = await buildApp(config, { serveWeb: false });
if (databaseUrl) {
  await resetDatabase(app.db);
  await app.close();
  app = await buildApp(config, { serveWeb: false });
}
await app.ready();
const db = app.db;
const site = await app.sites.resolve('');
const [bundle] = await db.select().from(creditBundles).where(eq(creditBundles.currency, 'EUR')).limit(1);
if (!bundle) throw new Error('no EUR bundle on the default site');

/** Runs `task(i)` for i < count with `concurrency` at a time; answers the elapsed milliseconds. */
async function pool(count: number, concurrency: number, task: (index: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return performance.now() - started;
}
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const webhook = (paymentId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment-webhook.php',
    payload: `id=${paymentId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Members with paid-at-the-provider orders whose webhooks have not come yet (the state a burst of webhooks finds). */
async function seedPaidOrders(count: number, prefix: string): Promise<{ paymentIds: string[]; userIds: number[] }> {
  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        siteId: site.id,
        email: `${prefix}${index}@bench.test`,
        passwordHash: 'x',
        status: 'active' as const,
      })),
    )
    .returning({ id: users.id });
  await db.insert(profiles).values(
    userRows.map((row, index) => ({
      siteId: site.id,
      userId: row.id,
      name: `${prefix}${index}`,
      status: 'active' as const,
    })),
  );
  const orderRows = await db
    .insert(orders)
    .values(
      userRows.map((row) => ({
        siteId: site.id,
        userId: row.id,
        bundleId: bundle!.id,
        credits: bundle!.credits,
        currency: bundle!.currency,
        baseAmountMinor: bundle!.priceMinor,
        amountMinor: bundle!.priceMinor,
        method: 'ideal',
        country: 'NL',
        provider: 'sandbox',
      })),
    )
    .returning({ id: orders.id });
  const paymentIds = orderRows.map((row) => `sbx_bench_${prefix}_${row.id}`);
  await db.insert(sandboxPayments).values(
    orderRows.map((row, index) => ({
      id: paymentIds[index]!,
      amountMinor: bundle!.priceMinor,
      currency: bundle!.currency,
      description: 'bench',
      method: 'ideal',
      status: 'paid' as const,
      redirectUrl: 'http://localhost/transactions',
      webhookUrl: 'http://localhost/api/payment-webhook.php',
      metadata: { orderId: row.id },
    })),
  );
  for (const [index, row] of orderRows.entries())
    await db.update(orders).set({ providerPaymentId: paymentIds[index]! }).where(eq(orders.id, row.id));
  return { paymentIds, userIds: userRows.map((row) => row.id) };
}

console.log(
  `Database: ${databaseUrl ? 'PostgreSQL (tables emptied)' : 'PGlite'}; ${os.cpus().length} cores, Node ${process.version}; load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}.`,
);

// 1. Webhooks: each credits one paid order (fetch the payment, lock the order, ledger entry, premium, receipt mail).
const { paymentIds } = await seedPaidOrders(ORDERS, 'w');
await db.execute(sql`analyze`);
const webhookMs = await pool(ORDERS, CONCURRENCY, async (index) => {
  const response = await webhook(paymentIds[index]!);
  if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}: ${response.body}`);
});
const [credited] = await db
  .select({ count: sql<number>`count(*)`.mapWith(Number) })
  .from(orders)
  .where(eq(orders.status, 'paid'));
if (credited?.count !== ORDERS) throw new Error(`${credited?.count} of ${ORDERS} orders paid`);

// 2. The same webhooks again: already credited, nothing changes.
const replayMs = await pool(ORDERS, CONCURRENCY, (index) => webhook(paymentIds[index]!));

// 3. Baseline: a bare primary-key lookup plus an update of that row, on the same database and pool.
const orderIds = (await db.select({ id: orders.id }).from(orders)).map((row) => row.id);
const bareMs = await pool(ORDERS, CONCURRENCY, async (index) => {
  const id = orderIds[index % orderIds.length]!;
  await db.transaction(async (tx) => {
    await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    await tx.update(orders).set({ country: 'NL' }).where(eq(orders.id, id));
  });
});

// 4. Webhook to credits visible in user.php (the member view refreshed through the event bus).
const signup = await app.inject({
  method: 'POST',
  url: '/api/signup.php',
  headers: { 'request-type': 'client' },
  payload: {
    email: 'latency@bench.test',
    username: 'latency',
    password: 'correct horse 1',
    date_of_birth: '1990-01-01',
  },
});
const cookie = signup.cookies.find((entry) => entry.name === 'sid')!.value;
const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'latency@bench.test'));
const latencies: number[] = [];
for (let sample = 0; sample < LATENCY_SAMPLES; sample += 1) {
  const before = (await app.inject({ url: '/api/user.php', cookies: { sid: cookie } })).json().user.credits as number;
  const [order] = await db
    .insert(orders)
    .values({
      siteId: site.id,
      userId: member!.id,
      bundleId: bundle.id,
      credits: bundle.credits,
      currency: bundle.currency,
      baseAmountMinor: bundle.priceMinor,
      amountMinor: bundle.priceMinor,
      method: 'ideal',
      country: 'NL',
      provider: 'sandbox',
      providerPaymentId: `sbx_latency_${sample}`,
    })
    .returning({ id: orders.id });
  await db.insert(sandboxPayments).values({
    id: `sbx_latency_${sample}`,
    amountMinor: bundle.priceMinor,
    currency: bundle.currency,
    description: 'bench',
    method: 'ideal',
    status: 'paid',
    redirectUrl: 'x',
    webhookUrl: 'x',
    metadata: { orderId: order!.id },
  });
  const started = performance.now();
  await webhook(`sbx_latency_${sample}`);
  while (
    (await app.inject({ url: '/api/user.php', cookies: { sid: cookie } })).json().user.credits !==
    before + bundle.credits
  ) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  latencies.push(performance.now() - started);
}

const perSecond = (ms: number) => (ORDERS / ms) * 1000;
const bare = perSecond(bareMs);
console.log(`\n${ORDERS} orders, ${CONCURRENCY} at a time, in-process (app.inject)\n`);
console.log('| measure | per second | ratio to bare |');
console.log('|---|---|---|');
console.log(`| bare primary-key lookup + update (one transaction) | ${bare.toFixed(0)} | 1.00 |`);
console.log(
  `| webhook crediting a paid order | ${perSecond(webhookMs).toFixed(0)} | ${(perSecond(webhookMs) / bare).toFixed(3)} |`,
);
console.log(
  `| webhook replayed (already credited) | ${perSecond(replayMs).toFixed(0)} | ${(perSecond(replayMs) / bare).toFixed(3)} |`,
);
const bareEach = bareMs / ORDERS;
console.log(
  `\nWebhook to credits visible in user.php (${LATENCY_SAMPLES} samples): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms` +
    ` (${(percentile(latencies, 50) / bareEach).toFixed(1)}x and ${(percentile(latencies, 99) / bareEach).toFixed(1)}x a bare lookup + update at ${bareEach.toFixed(2)} ms).`,
);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
