// What other modules may read or change of an account (accounts owns `users`): its mail contact, its premium flag,
// its mail stop reasons (notifications), and its row lock for actions that must queue per member.
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profiles, users, type NotificationsDisabledReason } from '../../db/schema/index.ts';

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

/** The member asked to get mail again: every reason mail stopped is cleared. Part of the caller's transaction. */
export async function clearNotificationsDisabled(executor: Executor, userId: number): Promise<void> {
  await executor.update(users).set({ notificationsDisabled: [] }).where(eq(users.id, userId));
}

/** Adds `reason` to every account of the address (all sites, or one); answers the accounts changed. */
export async function addNotificationsDisabled(
  executor: Executor,
  email: string,
  reason: NotificationsDisabledReason,
  siteId: number | null,
): Promise<number[]> {
  const rows = await executor
    .update(users)
    .set({ notificationsDisabled: sql`${users.notificationsDisabled} || ${JSON.stringify([reason])}::jsonb` })
    .where(
      and(
        eq(users.email, email),
        siteId === null ? undefined : eq(users.siteId, siteId),
        sql`not (${users.notificationsDisabled} @> ${JSON.stringify([reason])}::jsonb)`,
      ),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}
