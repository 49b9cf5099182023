// A member's browsers for web push (notifications owns `push_subscriptions`): saved and removed by the account's
// push settings (accounts routes), in the caller's transaction; read and removed by the push jobs.
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pushSubscriptions, users } from '../../db/schema/index.ts';

/**
 * A browser's endpoint belongs to whoever subscribed with it last, and counts as that member's newest; the
 * member keeps only the newest `keep` (each send is a connection the server makes on the member's behalf).
 * Call it in a transaction: the member's user row is locked first (`for no key update`, which rows referencing
 * the member do not wait for), so one member's saves run one after the other and the cap holds however many
 * arrive together; each save's time is taken once it holds the lock, so the last save is the newest and kept.
 */
export async function savePushSubscription(
  tx: Executor,
  userId: number,
  subscription: { endpoint: string; p256dh: string; auth: string },
  keep: number,
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const savedAt = sql`clock_timestamp()`;
  await tx
    .insert(pushSubscriptions)
    .values({ userId, ...subscription, createdAt: savedAt })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: savedAt },
    });
  const newest = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** The account's subscriptions, or only the one of `endpoint` (never another account's). */
export async function deletePushSubscriptions(executor: Executor, userId: number, endpoint?: string): Promise<void> {
  await executor
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        endpoint === undefined ? undefined : eq(pushSubscriptions.endpoint, endpoint),
      ),
    );
}

/** The push jobs' reads and removals of subscriptions. */
export function createPushSubscriptionsRepository(db: Executor) {
  return {
    async listSubscriptionIds(userId: number, tx: Executor = db): Promise<number[]> {
      const rows = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return rows.map((row) => row.id);
    },

    async findSubscription(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      return row;
    },

    async deleteSubscription(id: number, tx: Executor = db): Promise<void> {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
  };
}
