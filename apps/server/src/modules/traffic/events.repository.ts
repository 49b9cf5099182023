// Paid traffic's business events: recorded once, a member's signup and an order's purchase found.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trafficEvents } from '../../db/schema/index.ts';
import type { NewEvent } from './traffic-rows.ts';

export function createEventsRepository(db: Executor) {
  return {
    /** Writes an event once per cause; answers the new row's id, or null when the cause was recorded before. */
    async insertEvent(values: NewEvent, tx: Executor = db): Promise<number | null> {
      const rows = await tx
        .insert(trafficEvents)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: trafficEvents.id });
      return rows[0]?.id ?? null;
    },

    /** The member's signup event (the source every later event of the member copies). */
    async findSignupEvent(userId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(trafficEvents)
        .where(and(eq(trafficEvents.kind, 'signup'), eq(trafficEvents.causeKey, `user:${userId}`)));
      return row;
    },

    async findPurchaseEvent(orderId: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(trafficEvents)
        .where(and(eq(trafficEvents.kind, 'purchase'), eq(trafficEvents.causeKey, `order:${orderId}`)));
      return row;
    },

    async hasPurchase(userId: number, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: trafficEvents.id })
        .from(trafficEvents)
        .where(and(eq(trafficEvents.userId, userId), eq(trafficEvents.kind, 'purchase')))
        .limit(1);
      return Boolean(row);
    },
  };
}
