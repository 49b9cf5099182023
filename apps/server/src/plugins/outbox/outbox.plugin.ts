// `app.outbox`: after-commit events recorded in the transaction, delivered after the commit and swept up after a crash.
import fp from 'fastify-plugin';
import { createOutbox, type Outbox } from './outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

export type OutboxPluginOptions = {
  /** Sweep on start and then periodically (off in tests: they call `app.outbox.sweep()` themselves). */
  isSweeping: boolean;
  /**
   * Tests: an answer leaves only once the events its request delivered were acknowledged with their consumers' work
   * (which production does right after the answer), so a test reads that work after a request.
   */
  answersAfterSettled?: boolean;
  sweepIntervalMs?: number;
  leaseMs?: number;
};

/** As long as a lease: a crashed writer's events are delivered within two leases (and an idle sweep is one statement). */
const DEFAULT_SWEEP_INTERVAL_MS = 15_000;
/** Ample for a delivery (a few bus publications and a short transaction); a crashed writer's events wait this long. */
const DEFAULT_LEASE_MS = 15_000;

export const outboxPlugin = fp<OutboxPluginOptions>(
  async (app, options) => {
    const leaseMs = Number(process.env.OUTBOX_LEASE_MS) || options.leaseMs || DEFAULT_LEASE_MS;
    const sweepIntervalMs =
      Number(process.env.OUTBOX_SWEEP_INTERVAL_MS) || options.sweepIntervalMs || DEFAULT_SWEEP_INTERVAL_MS;
    const outbox = createOutbox({
      db: app.db,
      bus: app.bus,
      leaseMs,
      onError: (err, context) => app.log.error({ err }, context),
      // The crash test (outbox.process.test.ts): the process dies between a commit and its delivery.
      afterCommit:
        process.env.OUTBOX_CRASH_AFTER_COMMIT_FOR_TESTS === '1'
          ? () => {
              process.stderr.write('outbox: killed after commit, before delivery (test hook)\n');
              process.kill(process.pid, 'SIGKILL');
            }
          : undefined,
    });
    app.decorate('outbox', outbox);
    if (options.answersAfterSettled) app.addHook('onSend', () => outbox.settled());
    // What this instance delivered is acknowledged before the database closes (hooks close in reverse order).
    app.addHook('onClose', () => outbox.settled());
    if (!options.isSweeping) return;

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    let isStopped = false;
    const tick = () => {
      running = outbox
        .sweep()
        .then((delivered) => {
          if (delivered > 0) app.log.info(`outbox: delivered ${delivered} events left behind`);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'outbox sweep failed'))
        .finally(() => {
          running = undefined;
          if (!isStopped) timer = setTimeout(tick, sweepIntervalMs);
        });
    };
    // Every subscriber has registered once the app is ready: the first sweep delivers what a crash left at once.
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, 0);
    });
    app.addHook('onClose', async () => {
      isStopped = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'outbox', dependencies: ['db', 'bus'] },
);
