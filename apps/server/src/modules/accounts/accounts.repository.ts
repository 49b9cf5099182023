// Drizzle queries on users and account tokens (and reads of the account's profile and photos).
import { and, count, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accountTokens,
  photos,
  profiles,
  users,
  type AccountTokenPurpose,
  type AccountTokenRow,
  type NewUserRow,
  type ProfileRow,
  type UserRow,
} from '../../db/schema/index.ts';

export function createAccountsRepository(db: Executor) {
  return {
    async findUserByEmail(siteId: number, email: string, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.siteId, siteId), eq(users.email, email)))
        .limit(1);
      return row;
    },

    /** `forUpdate` locks the row until the transaction ends (serialises per-account counters). */
    async findUserById(
      id: number,
      tx: Executor = db,
      options: { forUpdate?: boolean } = {},
    ): Promise<UserRow | undefined> {
      const query = tx.select().from(users).where(eq(users.id, id)).limit(1);
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },

    async countUsers(tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ value: count() }).from(users);
      return Number(row?.value ?? 0);
    },

    async insertUser(values: NewUserRow, tx: Executor = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },

    async updateUser(id: number, values: Partial<NewUserRow>, tx: Executor = db): Promise<UserRow | undefined> {
      const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },

    async findProfileOfUser(userId: number, tx: Executor = db): Promise<Pick<ProfileRow, 'id' | 'name'> | undefined> {
      const [row] = await tx
        .select({ id: profiles.id, name: profiles.name })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      return row;
    },

    async findProfile(id: number, tx: Executor = db): Promise<ProfileRow | undefined> {
      const [row] = await tx.select().from(profiles).where(eq(profiles.id, id)).limit(1);
      return row;
    },

    /**
     * Counts a failed login in the current window (a new window starts when the last one began before
     * `windowStart`); answers the count including this failure.
     */
    async recordLoginFailure(userId: number, now: Date, windowStart: Date, tx: Executor = db): Promise<number> {
      const isNewWindow = sql`(${users.failedLoginWindowStart} is null or ${users.failedLoginWindowStart} <= ${windowStart})`;
      const [row] = await tx
        .update(users)
        .set({
          failedLoginCount: sql`case when ${isNewWindow} then 1 else ${users.failedLoginCount} + 1 end`,
          failedLoginWindowStart: sql`case when ${isNewWindow} then ${now}::timestamptz else ${users.failedLoginWindowStart} end`,
        })
        .where(eq(users.id, userId))
        .returning({ failedLoginCount: users.failedLoginCount });
      return row?.failedLoginCount ?? 0;
    },

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

    /** Deletes the account; profiles, sessions, tokens, subscriptions, messages and the balance go with it (ON DELETE CASCADE). */
    /** Every stored file of the account's photos (main and thumbnail). */
    async findPhotoFileKeys(userId: number, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ fileKey: photos.fileKey, thumbKey: photos.thumbKey })
        .from(photos)
        .innerJoin(profiles, eq(profiles.id, photos.profileId))
        .where(eq(profiles.userId, userId));
      return rows.flatMap((row) => [row.fileKey, row.thumbKey]);
    },

    async deleteUser(userId: number, tx: Executor = db): Promise<void> {
      await tx.delete(users).where(eq(users.id, userId));
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
