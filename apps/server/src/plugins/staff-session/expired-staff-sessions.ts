// Expired staff sessions deleted (the staff-session plugin owns `staff_sessions`); the hourly job
// `staff.sessions-cleanup` (plugins/jobs/job-declarations.ts) calls it.
import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffSessions } from '../../db/schema/index.ts';

export async function deleteExpiredStaffSessions(executor: Executor, now: Date): Promise<void> {
  await executor.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
}
