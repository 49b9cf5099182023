// Confirming a direct-debit request: one of its code's tries taken, the request claimed once.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { directDebitRequests, type DirectDebitRequestRow } from '../../db/schema/index.ts';

export function createDirectDebitConfirmationsRepository(db: Executor) {
  return {
    /**
     * Takes one of the code's tries in one conditional UPDATE (the row's lock): undefined when the request is not the
     * member's, not awaiting its code, out of tries or expired.
     */
    async takeDirectDebitTry(
      userId: number,
      id: number,
      maxAttempts: number,
      now: Date,
    ): Promise<DirectDebitRequestRow | undefined> {
      const [row] = await db
        .update(directDebitRequests)
        .set({ attempts: sql`${directDebitRequests.attempts} + 1` })
        .where(
          and(
            eq(directDebitRequests.id, id),
            eq(directDebitRequests.userId, userId),
            eq(directDebitRequests.status, 'awaiting_code'),
            sql`${directDebitRequests.attempts} < ${maxAttempts}`,
            sql`${directDebitRequests.codeExpiresAt} > ${now}`,
          ),
        )
        .returning();
      return row;
    },

    /** Claims the request once (submitted, the IBAN kept masked); false when another confirmation claimed it. */
    async claimDirectDebitRequest(id: number, maskedIban: string, tx: Executor): Promise<boolean> {
      const [claimed] = await tx
        .update(directDebitRequests)
        .set({ status: 'submitted', iban: maskedIban })
        .where(and(eq(directDebitRequests.id, id), eq(directDebitRequests.status, 'awaiting_code')))
        .returning({ id: directDebitRequests.id });
      return claimed !== undefined;
    },
  };
}
