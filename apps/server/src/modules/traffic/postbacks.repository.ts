// Postbacks to the networks: queued, taken to send, their attempts recorded, reset.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trafficNetworks, trafficPostbacks, type PostbackStatus } from '../../db/schema/index.ts';

export function createPostbacksRepository(db: Executor) {
  return {
    async insertPostback(values: typeof trafficPostbacks.$inferInsert, tx: Executor = db): Promise<number | null> {
      const rows = await tx
        .insert(trafficPostbacks)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: trafficPostbacks.id });
      return rows[0]?.id ?? null;
    },

    /** A postback with what its sending needs: the network's signature settings. */
    async findPostbackToSend(id: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          id: trafficPostbacks.id,
          url: trafficPostbacks.url,
          status: trafficPostbacks.status,
          attempts: trafficPostbacks.attempts,
          createdAt: trafficPostbacks.createdAt,
          signatureHeader: trafficNetworks.signatureHeader,
          signingSecret: trafficNetworks.signingSecret,
        })
        .from(trafficPostbacks)
        .innerJoin(trafficNetworks, eq(trafficNetworks.id, trafficPostbacks.networkId))
        .where(eq(trafficPostbacks.id, id));
      return row;
    },

    async recordAttempt(
      id: number,
      result: { status: PostbackStatus; statusCode: number | null; error: string | null; at: Date },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(trafficPostbacks)
        .set({
          status: result.status,
          attempts: sql`${trafficPostbacks.attempts} + 1`,
          lastStatusCode: result.statusCode,
          lastError: result.error,
          lastAttemptAt: result.at,
          ...(result.status === 'sent' ? { sentAt: result.at } : {}),
        })
        .where(eq(trafficPostbacks.id, id));
    },

    /** Pending again (staff's resend), its 24 hours of retries counted from `at`; answers whether it exists. */
    async resetPostback(id: number, at: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(trafficPostbacks)
        .set({ status: 'pending', createdAt: at })
        .where(eq(trafficPostbacks.id, id))
        .returning({ id: trafficPostbacks.id });
      return rows.length > 0;
    },
  };
}
