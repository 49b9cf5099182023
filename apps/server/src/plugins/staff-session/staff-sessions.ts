// Writes of staff_sessions for others (the table is this plugin's): ending every session of an account.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffSessions } from '../../db/schema/index.ts';

/** Ends every session of a staff account at once (a disabled account). */
export async function endStaffSessionsOf(tx: Executor, staffId: number): Promise<void> {
  await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}
