// The transactional outbox: events recorded in a transaction are delivered after its commit (never after a rollback)
// and acknowledged with their consumers' work in the background, many in one transaction; a failed or interrupted
// delivery is swept up later, consumers' work happens once per event, and two sweeps at once never deliver one row
// twice (docs/event-bus.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxEvents } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createOutbox, MAX_SWEEP_ATTEMPTS, type OutboxEvents } from './outbox.ts';

describe('outbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await app.db.delete(outboxEvents);
  });

  const rows = () => app.db.select().from(outboxEvents);
  /** The claims of every row run out now, as after a crash and the lease. */
  const expireClaims = () => app.db.update(outboxEvents).set({ claimedUntil: sql`now() - interval '1 second'` });
  /** Events of a topic nobody else acts on: profile ids no member has. */
  const poll = (profileId: number): OutboxEvents['poll.changed'] => ({ kinds: ['likes'], profileIds: [-profileId] });

  function recordDeliveries() {
    const delivered: { id: string; profileIds: number[] }[] = [];
    const stop = app.outbox.onDelivery('poll.changed', ({ profileIds }, { id }) => {
      if (profileIds[0]! < 0) delivered.push({ id, profileIds });
    });
    return { delivered, stop };
  }

  /**
   * Six events as a send statement writes them (rows claimed by their writer), delivered with deliverCommitted at once,
   * while the first acknowledging batch waits in its consumer (`held`) until all six were delivered (none of them waits
   * for the database): the first batch holds one event, the next the other five.
   */
  function heldDeliveries() {
    let gate: Promise<void> | undefined;
    return {
      /** A consumer's first step: the first call waits for the gate. */
      async held() {
        const waiting = gate;
        gate = undefined;
        await waiting;
      },
      async deliverSix(first: number) {
        const events = [0, 1, 2, 3, 4, 5].map((index) => ({
          id: crypto.randomUUID(),
          topic: 'poll.changed' as const,
          payload: poll(first + index),
        }));
        await app.db
          .insert(outboxEvents)
          .values(events.map((event) => ({ ...event, claimedUntil: sql`now() + interval '1 minute'` })));
        let release!: () => void;
        gate = new Promise((resolve) => (release = resolve));
        await Promise.all(events.map((event) => app.outbox.deliverCommitted([event])));
        release();
        await app.outbox.settled();
        return events;
      },
    };
  }

  it('delivers what a transaction recorded once it committed, in order, and acknowledges it', async () => {
    const { delivered, stop } = recordDeliveries();
    try {
      let seenInside = -1;
      await app.outbox.transaction(async (_tx, effects) => {
        await effects.emit('poll.changed', poll(1));
        await effects.emit('poll.changed', poll(2));
        seenInside = delivered.length;
      });
      expect(seenInside).toBe(0);
      expect(delivered.map((event) => event.profileIds)).toEqual([[-1], [-2]]);
      expect(new Set(delivered.map((event) => event.id)).size).toBe(2);
      await app.outbox.settled();
      expect(await rows()).toEqual([]);
      expect(await app.outbox.sweep()).toBe(0);
    } finally {
      stop();
    }
  });

  it('delivers and keeps nothing of a transaction that rolled back', async () => {
    const { delivered, stop } = recordDeliveries();
    try {
      await expect(
        app.outbox.transaction(async (_tx, effects) => {
          await effects.emit('poll.changed', poll(1));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(delivered).toEqual([]);
      expect(await rows()).toEqual([]);
    } finally {
      stop();
    }
  });

  it("delivers a savepoint's events with its caller's, once the caller's transaction committed", async () => {
    const { delivered, stop } = recordDeliveries();
    try {
      await app.outbox.transaction(async (tx, effects) => {
        await app.outbox.transaction((_savepoint, inner) => inner.emit('poll.changed', poll(1)), tx);
        expect(delivered).toEqual([]);
        await effects.emit('poll.changed', poll(2));
      });
      expect(delivered.map((event) => event.profileIds)).toEqual([[-1], [-2]]);
      await app.outbox.settled();
      expect(await rows()).toEqual([]);
    } finally {
      stop();
    }
  });

  it('leaves a failed delivery to the sweeper, which delivers it once its claim ran out', async () => {
    const { delivered, stop } = recordDeliveries();
    let isFailing = true;
    const stopFailing = app.outbox.onDelivery('poll.changed', () => {
      if (isFailing) throw new Error('bus down');
    });
    try {
      // The change stands: a failed delivery does not fail the caller.
      await app.outbox.transaction((_tx, effects) => effects.emit('poll.changed', poll(1)));
      expect(await rows()).toHaveLength(1);
      // Still claimed by its writer: no sweep takes it yet.
      expect(await app.outbox.sweep()).toBe(0);
      isFailing = false;
      await expireClaims();
      expect(await app.outbox.sweep()).toBe(1);
      expect(await rows()).toEqual([]);
      // Delivered twice (the first attempt's handlers ran before the failing one): the same id both times.
      expect(delivered).toHaveLength(2);
      expect(delivered[1]!.id).toBe(delivered[0]!.id);
    } finally {
      stop();
      stopFailing();
    }
  });

  it('sweeps the events a transaction left behind in the order it recorded them', async () => {
    const { delivered, stop } = recordDeliveries();
    let isFailing = true;
    const stopFailing = app.outbox.onDelivery('poll.changed', () => {
      if (isFailing) throw new Error('bus down');
    });
    try {
      await app.outbox.transaction(async (_tx, effects) => {
        for (const profileId of [1, 2, 3, 4, 5]) await effects.emit('poll.changed', poll(profileId));
      });
      isFailing = false;
      delivered.splice(0);
      await expireClaims();
      expect(await app.outbox.sweep()).toBe(5);
      expect(delivered.map((event) => event.profileIds[0])).toEqual([-1, -2, -3, -4, -5]);
    } finally {
      stop();
      stopFailing();
    }
  });

  it("commits a consumer's work with the acknowledgement: once per event, retried when it failed", async () => {
    const consumed: string[] = [];
    let failures = 1;
    const stop = app.outbox.consume('like.created', async (_event, { id, tx }) => {
      await tx.execute(sql`select 1`);
      if (failures-- > 0) throw new Error('consumer failed');
      consumed.push(id);
    });
    try {
      const event = { likerProfileId: -1, likedProfileId: -2, isMatch: false };
      await app.outbox.transaction((_tx, effects) => effects.emit('like.created', event));
      await app.outbox.settled();
      expect(consumed).toEqual([]);
      expect(await rows()).toHaveLength(1);
      await expireClaims();
      expect(await app.outbox.sweep()).toBe(1);
      expect(consumed).toHaveLength(1);
      await expireClaims();
      expect(await app.outbox.sweep()).toBe(0);
      expect(consumed).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('stops sweeping an event that keeps failing after MAX_SWEEP_ATTEMPTS, each claim longer than the last', async () => {
    const errors: string[] = [];
    const outbox = createOutbox({ db: app.db, leaseMs: 1000, onError: (_error, context) => errors.push(context) });
    outbox.onDelivery('poll.changed', () => {
      throw new Error('always fails');
    });
    await outbox.transaction((_tx, effects) => effects.emit('poll.changed', poll(1)));
    const claims: number[] = [];
    for (let sweep = 1; sweep <= MAX_SWEEP_ATTEMPTS + 1; sweep += 1) {
      await expireClaims();
      await outbox.sweep();
      const [row] = await app.db
        .select({
          attempts: outboxEvents.attempts,
          claimMs: sql<number>`extract(epoch from (${outboxEvents.claimedUntil} - clock_timestamp())) * 1000`.mapWith(
            Number,
          ),
        })
        .from(outboxEvents);
      expect(row?.attempts).toBe(Math.min(sweep, MAX_SWEEP_ATTEMPTS));
      if (sweep <= 4) claims.push(row!.claimMs);
    }
    // 1 s, 2 s, 4 s, 8 s: each claim twice the last (give or take the time the sweep took).
    claims.forEach((claimMs, index) => expect(claimMs).toBeGreaterThan(1000 * 2 ** index - 500));
    claims.forEach((claimMs, index) => expect(claimMs).toBeLessThanOrEqual(1000 * 2 ** index));
    expect(errors.at(-1)).toContain('no more attempts');
    expect(errors).toHaveLength(MAX_SWEEP_ATTEMPTS + 1);
  });

  it('never delivers one row twice when two sweeps run at once', async () => {
    const { delivered, stop } = recordDeliveries();
    try {
      const count = 150;
      await app.db.insert(outboxEvents).values(
        Array.from({ length: count }, (_, index) => ({
          id: crypto.randomUUID(),
          topic: 'poll.changed',
          payload: poll(index + 1),
          claimedUntil: sql`now() - interval '1 second'`,
        })),
      );
      const [first, second] = await Promise.all([app.outbox.sweep(), app.outbox.sweep()]);
      expect(first + second).toBe(count);
      expect(delivered).toHaveLength(count);
      expect(new Set(delivered.map((event) => event.id)).size).toBe(count);
      expect(await rows()).toEqual([]);
    } finally {
      stop();
    }
  });

  it('answers once delivered; acknowledges with the consumers in the background, and settled waits for it', async () => {
    const { delivered, stop } = recordDeliveries();
    const consumed: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stopConsuming = app.outbox.consume('poll.changed', async (_event, { id }) => {
      await gate;
      consumed.push(id);
    });
    try {
      await app.outbox.transaction((_tx, effects) => effects.emit('poll.changed', poll(1)));
      // Published before the writer's call returned; its consumer has not finished.
      expect(delivered).toHaveLength(1);
      expect(consumed).toEqual([]);
      let isSettled = false;
      const settled = app.outbox.settled().then(() => (isSettled = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(isSettled).toBe(false);
      release();
      await settled;
      expect(consumed).toEqual([delivered[0]!.id]);
      expect(await rows()).toEqual([]);
    } finally {
      stop();
      stopConsuming();
    }
  });

  it('acknowledges the events delivered while a batch runs together, and a failing one holds back no other', async () => {
    const transactions = new Set<unknown>();
    const consumed = new Set<number>();
    let failing: number | undefined;
    const { held, deliverSix } = heldDeliveries();
    const stopConsuming = app.outbox.consume('poll.changed', async ({ profileIds }, { tx }) => {
      await held();
      transactions.add(tx);
      await tx.execute(sql`select 1`);
      if (-profileIds[0]! === failing) throw new Error('consumer failed');
      // A batch that failed runs its consumers again, one event at a time (its writes were rolled back).
      consumed.add(-profileIds[0]!);
    });
    try {
      await deliverSix(1);
      expect([...consumed].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
      // The first went alone; the five delivered meanwhile shared the next transaction.
      expect(transactions.size).toBe(2);
      expect(await rows()).toEqual([]);

      consumed.clear();
      failing = 9;
      const events = await deliverSix(7);
      expect([...consumed].sort((a, b) => a - b)).toEqual([7, 8, 10, 11, 12]);
      expect((await rows()).map((row) => row.id)).toEqual([events[2]!.id]);
    } finally {
      stopConsuming();
    }
  });

  it('consumes only the last event of a key in a batch when newer ones supersede older ones', async () => {
    const consumed: number[] = [];
    const { held, deliverSix } = heldDeliveries();
    const stopConsuming = app.outbox.consume(
      'poll.changed',
      async ({ profileIds }, { tx }) => {
        await held();
        await tx.execute(sql`select 1`);
        consumed.push(-profileIds[0]!);
      },
      { supersededBy: ({ profileIds }) => String(-profileIds[0]! % 2) },
    );
    try {
      await deliverSix(1);
      // The first batch held one event; of the next five, the last odd and the last even one.
      expect(consumed).toEqual([1, 5, 6]);
      expect(await rows()).toEqual([]);
    } finally {
      stopConsuming();
    }
  });
});
