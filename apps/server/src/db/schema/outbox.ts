// The transactional outbox (docs/event-bus.md): what must happen after a transaction, written in that transaction.
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const outboxEvents = pgTable(
  'outbox_events',
  {
    /** The event's id: consumers are idempotent by it (delivery is at least once). */
    id: uuid('id').primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /**
     * Nobody else delivers the event before then: the writer holds it while it delivers after its commit, a sweeper
     * while it delivers a row left behind. A crashed holder's event becomes the next sweep's after it.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull().defaultNow(),
    /** Deliveries sweeps tried; each claims the event twice as long as the one before, and sweeps stop at a limit. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_events_claimed_until_idx').on(table.claimedUntil)],
);
export type OutboxEventRow = typeof outboxEvents.$inferSelect;
