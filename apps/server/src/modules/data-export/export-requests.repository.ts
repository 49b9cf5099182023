// GDPR export requests: locked per member, made, found, ready, failed, expired.
import { and, asc, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dataExports, type DataExportRow } from '../../db/schema/index.ts';

export function createExportRequestsRepository(db: Executor) {
  return {
    /** Serialises one member's export requests until the transaction ends. */
    async lockUser(userId: number, tx: Executor): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`data-export:${userId}`}, 0))`);
    },

    async latestFor(userId: number, tx: Executor = db): Promise<DataExportRow | undefined> {
      const [row] = await tx
        .select()
        .from(dataExports)
        .where(eq(dataExports.userId, userId))
        .orderBy(desc(dataExports.createdAt))
        .limit(1);
      return row;
    },

    async insert(userId: number, now: Date, tx: Executor = db): Promise<DataExportRow> {
      const [row] = await tx.insert(dataExports).values({ userId, createdAt: now }).returning();
      return row!;
    },

    async find(id: number, tx: Executor = db): Promise<DataExportRow | undefined> {
      const [row] = await tx.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
      return row;
    },

    async markReady(
      id: number,
      values: { fileKey: string; size: number; readyAt: Date; expiresAt: Date },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(dataExports)
        .set({ status: 'ready', ...values })
        .where(eq(dataExports.id, id));
    },

    async markFailed(id: number, tx: Executor = db): Promise<void> {
      await tx.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));
    },

    /** Exports whose time is up and whose file still exists (the expiry job), oldest first. */
    async listExpired(now: Date, limit: number, tx: Executor = db): Promise<{ id: number; fileKey: string | null }[]> {
      return tx
        .select({ id: dataExports.id, fileKey: dataExports.fileKey })
        .from(dataExports)
        .where(and(isNotNull(dataExports.fileKey), lt(dataExports.expiresAt, now)))
        .orderBy(asc(dataExports.expiresAt))
        .limit(limit);
    },

    async markExpired(id: number, tx: Executor = db): Promise<void> {
      await tx.update(dataExports).set({ status: 'expired', fileKey: null }).where(eq(dataExports.id, id));
    },
  };
}
