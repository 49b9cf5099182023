// A member's sessions as the staff console reads them: the live ones for the member's page, the ids of all of them
// (how many a ban or forced logout ends). Read only; the plugin's store starts and ends sessions.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions, type SessionRow } from '../../db/schema/index.ts';

/** The member's sessions not expired at `now`, most recently seen first (at most 50). */
export function listLiveSessions(executor: Executor, userId: number, now: Date): Promise<SessionRow[]> {
  return executor
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(50);
}

/** The ids of every stored session of the member. */
export function listSessionIds(executor: Executor, userId: number): Promise<{ id: number }[]> {
  return executor.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
}
