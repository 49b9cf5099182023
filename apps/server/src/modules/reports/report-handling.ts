// Closing a report, as staff handle it (docs/reports.md): once only.
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';

/** Closes the open report (dismissed or actioned); false when it was not open (already handled, or gone). */
export async function closeReport(
  executor: Executor,
  reportId: number,
  outcome: { status: 'dismissed' | 'actioned'; staffId: number | null; handledAt: Date; resolution: string },
): Promise<boolean> {
  const [updated] = await executor
    .update(reports)
    .set({
      status: outcome.status,
      handledByStaffId: outcome.staffId,
      handledAt: outcome.handledAt,
      resolution: outcome.resolution,
    })
    .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return updated !== undefined;
}
