import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// On a shared PostgreSQL every test file resets the same database, so files run one at a time there.
const isSharedDatabase = Boolean(process.env.TEST_DATABASE_URL);

/** Process tests that drill operations: start on a busy host, backup and restore, Redis down, a crash, a cluster, the previous release. */
const OPERATIONS_DRILLS = [
  'apps/server/src/start.process.test.ts',
  'apps/server/src/pglite-backup.process.test.ts',
  'apps/server/src/redis-down.process.test.ts',
  'apps/server/src/restore-drill.process.test.ts',
  'apps/server/src/plugins/outbox/outbox.process.test.ts',
  'scripts/cluster.process.test.ts',
  'scripts/previous-release.process.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // Tests that start real processes (the server, the web build) are slow: project `process` below.
          exclude: [...configDefaults.exclude, '**/*.process.test.ts'],
          environment: 'node',
          pool: 'forks',
          // One embedded database per worker, reset between files (starting PGlite costs seconds).
          isolate: false,
          fileParallelism: !isSharedDatabase,
          maxWorkers: isSharedDatabase ? 1 : 2,
          // Projects with different worker counts must run in separate groups; the API suite goes first.
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { NODE_ENV: 'test' },
          // The landing pages' style sheet, which the web app's lander render gives the server as text
          // (test-support/lander-render.ts); other style sheets stay empty in these tests.
          css: { include: [/features\/landers\/[a-z-]+\.css/] },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'unit',
          // Plain functions and modules run in Node. A `.ts` test that needs a document says so in its first line
          // (`// @vitest-environment jsdom`): building a jsdom costs about 0.7 s a file.
          include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.process.test.ts'],
          environment: 'node',
          // Vitest's default is one worker fewer than the CPUs: one on a two-CPU machine. Two finish in 60 % of the time.
          maxWorkers: 2,
          testTimeout: 15_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          // Components, rendered into jsdom.
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          maxWorkers: 2,
          testTimeout: 15_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'process',
          // Real child processes: the server started as `npm start` does, the web build. Part of `npm test`.
          include: ['apps/server/src/**/*.process.test.ts', 'scripts/**/*.process.test.ts'],
          exclude: [...configDefaults.exclude, ...OPERATIONS_DRILLS],
          environment: 'node',
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'drills',
          // Operations drills (`npm run test:drills`, run by CI after `npm test`): minutes each, on a busy CPU, with
          // backups, restores, crashes and a cluster; they stay out of the developer's `npm test`.
          include: OPERATIONS_DRILLS,
          environment: 'node',
          pool: 'forks',
          // One at a time: several measure time or load on a busy CPU, and several share TEST_DATABASE_URL's server.
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          // Two workers, each with its own server (global setup starts one per worker) and its files one at a time, each
          // file with one browser: a spec file never shares a server with a concurrent one. E2E_WORKERS=1: one server.
          fileParallelism: true,
          maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1),
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
