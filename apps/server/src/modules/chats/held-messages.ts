// Sends held for review (docs/safety.md, "Risk"): a member above their site's risk threshold writing to a partner who
// never answered. The one writer of held_messages: a send is held once per client id, and a moderator's decision
// sends them in order (each charged once, under its client id) or drops them, the credits untouched.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { heldMessages, type HeldMessageRow } from '../../db/schema/index.ts';

export async function insertHeldMessage(
  executor: Executor,
  values: { senderProfileId: number; partnerProfileId: number; clientId: string; input: Record<string, unknown> },
): Promise<void> {
  await executor.insert(heldMessages).values(values).onConflictDoNothing();
}

export function listHeldMessages(executor: Executor, senderProfileId: number): Promise<HeldMessageRow[]> {
  return executor
    .select()
    .from(heldMessages)
    .where(eq(heldMessages.senderProfileId, senderProfileId))
    .orderBy(asc(heldMessages.id));
}

/** Removes one held send; false when another decision took it first (it is sent or dropped once). */
export async function takeHeldMessage(executor: Executor, id: number): Promise<boolean> {
  const rows = await executor.delete(heldMessages).where(eq(heldMessages.id, id)).returning({ id: heldMessages.id });
  return rows.length > 0;
}
