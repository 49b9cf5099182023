// What other modules and plugins may change of a profile (profiles owns `profiles`; docs/server-layout.md, "Tables
// and their owners"): each write runs in the caller's executor, so it stays inside the caller's transaction.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { profiles, type NewProfileRow, type ProfileRow } from '../../db/schema/index.ts';

/** A new member's profile (accounts, at signup). */
export async function insertProfile(executor: Executor, values: NewProfileRow): Promise<ProfileRow> {
  const [row] = await executor.insert(profiles).values(values).returning();
  if (!row) throw new Error('profile insert returned nothing');
  return row;
}

/** The account's profile changed (signup steps, activation), its update time the database's now. */
export async function updateProfileOfUser(
  executor: Executor,
  userId: number,
  values: Partial<typeof profiles.$inferInsert>,
): Promise<void> {
  await executor
    .update(profiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(profiles.userId, userId));
}

/**
 * The member's own visibility choices (invisible mode, showing on advertising pages, not recording visits), updated at
 * `now`.
 */
export async function setProfileVisibility(
  executor: Executor,
  userId: number,
  choice: { isInvisible: boolean } | { showInAds: boolean } | { privateVisits: boolean },
  now: Date,
): Promise<void> {
  await executor
    .update(profiles)
    .set({ ...choice, updatedAt: now })
    .where(eq(profiles.userId, userId));
}

/** Staff approved the profile's photo verification; answers the profile's account, if any. */
export async function markProfileVerified(
  executor: Executor,
  profileId: number,
  now: Date,
): Promise<{ userId: number | null } | undefined> {
  const [profile] = await executor
    .update(profiles)
    .set({ verifiedAt: now })
    .where(eq(profiles.id, profileId))
    .returning({ userId: profiles.userId });
  return profile;
}

/** Moves the member's activity day bucket forward to `day` (YYYY-MM-DD, UTC); never back. */
export async function markActiveDay(executor: Executor, userId: number, day: string): Promise<void> {
  await executor
    .update(profiles)
    .set({ lastActiveDay: day })
    .where(and(eq(profiles.userId, userId), lt(profiles.lastActiveDay, day)));
}
