// What other modules may read or change of an account (accounts owns `users`): its mail contact, its premium flag,
// and its row lock for actions that must queue per member.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';

export type AccountContact = { email: string; language: string; name: string | null; siteId: number };

/** The account's address, language, profile name and site; undefined for an account that is gone. */
export async function findAccountContact(executor: Executor, userId: number): Promise<AccountContact | undefined> {
  const [row] = await executor
    .select({ email: users.email, language: users.language, name: profiles.name, siteId: users.siteId })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The member paid: premium for good (SPEC 1). Part of the caller's transaction. */
export async function markPremium(executor: Executor, userId: number): Promise<void> {
  await executor.update(users).set({ paidUser: true }).where(eq(users.id, userId));
}

/** Locks the account's row for the rest of the caller's transaction, so a member's concurrent actions queue. */
export async function lockAccount(executor: Executor, userId: number): Promise<void> {
  await executor.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
