// Users: found by email or id, counted, made, changed, deleted; their login failures.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index.ts';

export function createUsersRepository(db: Executor) {
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

    async deleteUser(userId: number, tx: Executor = db): Promise<void> {
      await tx.delete(users).where(eq(users.id, userId));
    },
  };
}
