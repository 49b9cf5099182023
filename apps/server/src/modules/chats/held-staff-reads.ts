// Held sends as the staff console counts them (docs/safety.md, "Risk"). Read only.
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { heldMessages } from '../../db/schema/index.ts';

/** Held sends per sender profile. */
export async function countHeldMessages(executor: Executor, profileIds: number[]): Promise<Map<number, number>> {
  if (profileIds.length === 0) return new Map();
  const rows = await executor
    .select({ profileId: heldMessages.senderProfileId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(heldMessages)
    .where(inArray(heldMessages.senderProfileId, profileIds))
    .groupBy(heldMessages.senderProfileId);
  return new Map(rows.map((row) => [row.profileId, row.count]));
}
