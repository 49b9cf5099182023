// Account tokens (confirmation, password reset, …): issued, found usable or at all, used, counted.
import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountTokens, type AccountTokenPurpose, type AccountTokenRow } from '../../db/schema/index.ts';

export function createAccountTokensRepository(db: Executor) {
  return {
    async insertToken(
      values: { userId: number; purpose: AccountTokenPurpose; tokenHash: string; expiresAt: Date; newEmail?: string },
      tx: Executor = db,
    ): Promise<void> {
      await tx.insert(accountTokens).values(values);
    },

    /** An unused, unexpired token of that purpose, locked for the rest of the transaction (single use under concurrency). */
    async findUsableToken(
      tokenHash: string,
      purpose: AccountTokenPurpose,
      now: Date,
      tx: Executor = db,
    ): Promise<AccountTokenRow | undefined> {
      const [row] = await tx
        .select()
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.tokenHash, tokenHash),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, now),
          ),
        )
        .limit(1)
        .for('update');
      return row;
    },

    /** A token by its hash, used or expired too (to tell an already used activation link from a wrong one). */
    async findAnyToken(
      tokenHash: string,
      purpose: AccountTokenPurpose,
      tx: Executor = db,
    ): Promise<AccountTokenRow | undefined> {
      const [row] = await tx
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
        .limit(1);
      return row;
    },

    /** Uses up every open token of a purpose for the member: one link working voids its siblings. */
    async useTokens(userId: number, purpose: AccountTokenPurpose, now: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    },

    async countTokensSince(
      userId: number,
      purpose: AccountTokenPurpose,
      since: Date,
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .select({ value: count() })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, userId),
            eq(accountTokens.purpose, purpose),
            gte(accountTokens.createdAt, since),
          ),
        );
      return Number(row?.value ?? 0);
    },
  };
}
