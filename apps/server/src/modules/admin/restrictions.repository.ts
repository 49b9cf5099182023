// Drizzle queries of member_restrictions (this module's table): one row per restricted member (a ban or a suspension).
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberRestrictions, type MemberRestrictionRow } from '../../db/schema/index.ts';

export type NewRestriction = typeof memberRestrictions.$inferInsert;

/** Sets the member's restriction (a new one replaces the current). */
export async function upsertRestriction(executor: Executor, values: NewRestriction): Promise<void> {
  await executor
    .insert(memberRestrictions)
    .values(values)
    .onConflictDoUpdate({ target: memberRestrictions.userId, set: values });
}

export async function findRestriction(executor: Executor, userId: number): Promise<MemberRestrictionRow | undefined> {
  const [row] = await executor.select().from(memberRestrictions).where(eq(memberRestrictions.userId, userId));
  return row;
}

export async function deleteRestriction(executor: Executor, userId: number): Promise<void> {
  await executor.delete(memberRestrictions).where(eq(memberRestrictions.userId, userId));
}

export async function listRestrictions(executor: Executor, userIds: number[]): Promise<MemberRestrictionRow[]> {
  if (!userIds.length) return [];
  return executor.select().from(memberRestrictions).where(inArray(memberRestrictions.userId, userIds));
}
