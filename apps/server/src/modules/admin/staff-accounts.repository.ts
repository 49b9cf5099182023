// Drizzle queries of staff_accounts (this module's table): create, disable, find by address, take a TOTP step, names.
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffAccounts, type StaffAccountRow } from '../../db/schema/index.ts';

export async function insertStaffAccount(
  executor: Executor,
  values: typeof staffAccounts.$inferInsert,
): Promise<StaffAccountRow> {
  const [account] = await executor.insert(staffAccounts).values(values).returning();
  return account!;
}

export async function setStaffDisabledAt(executor: Executor, staffId: number, at: Date): Promise<void> {
  await executor.update(staffAccounts).set({ disabledAt: at }).where(eq(staffAccounts.id, staffId));
}

/** The account of an address (already trimmed and lower-cased). */
export async function findStaffByEmail(executor: Executor, email: string): Promise<StaffAccountRow | undefined> {
  const [row] = await executor.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  return row;
}

/** Takes the TOTP step atomically: of two logins with one code exactly one wins; an older step never comes back. */
export async function takeTotpStep(executor: Executor, staffId: number, step: number): Promise<boolean> {
  const [taken] = await executor
    .update(staffAccounts)
    .set({ lastTotpStep: step })
    .where(and(eq(staffAccounts.id, staffId), lt(staffAccounts.lastTotpStep, step)))
    .returning({ id: staffAccounts.id });
  return taken !== undefined;
}

/** Staff names by id (who wrote a ticket's replies). */
export async function listStaffNames(executor: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .where(inArray(staffAccounts.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}
