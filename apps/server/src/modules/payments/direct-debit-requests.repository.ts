// Direct-debit requests: stored with their code, found while awaiting it, and their code renewed.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { directDebitRequests, type DirectDebitRequestRow } from '../../db/schema/index.ts';

type NewDirectDebitRequestRow = typeof directDebitRequests.$inferInsert;

export function createDirectDebitRequestsRepository(db: Executor) {
  return {
    async insertDirectDebitRequest(values: NewDirectDebitRequestRow): Promise<DirectDebitRequestRow> {
      const [row] = await db.insert(directDebitRequests).values(values).returning();
      return row!;
    },

    async updateDirectDebitRequest(
      id: number,
      values: Partial<NewDirectDebitRequestRow>,
    ): Promise<DirectDebitRequestRow | undefined> {
      const [row] = await db.update(directDebitRequests).set(values).where(eq(directDebitRequests.id, id)).returning();
      return row;
    },

    /** The member's request still waiting for its code. */
    async findAwaitingDirectDebit(userId: number, id: number): Promise<DirectDebitRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(directDebitRequests)
        .where(
          and(
            eq(directDebitRequests.id, id),
            eq(directDebitRequests.userId, userId),
            eq(directDebitRequests.status, 'awaiting_code'),
          ),
        )
        .limit(1);
      return row;
    },

    /** A new code: counted as sent, its tries reset. */
    async renewDirectDebitCode(
      id: number,
      code: { codeHash: string; codeExpiresAt: Date; resendAt: Date },
    ): Promise<DirectDebitRequestRow | undefined> {
      const [row] = await db
        .update(directDebitRequests)
        .set({ ...code, attempts: 0, sentCount: sql`${directDebitRequests.sentCount} + 1` })
        .where(eq(directDebitRequests.id, id))
        .returning();
      return row;
    },
  };
}
