// The append-only audit log (this module's staff_audit_log): every staff action with who, what, on what, before and
// after (docs/staff-console.md). Inserts and reads only; the database refuses UPDATE and DELETE (migration 0020).
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffAuditLog } from '../../db/schema/index.ts';

export type AuditActor = { id: number | null; email: string | null; ip?: string | null };
export type AuditEntry = {
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** JSON as stored: dates become ISO strings, undefined becomes null. */
const toJson = (value: unknown) => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));

export async function recordAudit(tx: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(staffAuditLog).values({
    staffId: actor.id,
    staffEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    before: toJson(entry.before),
    after: toJson(entry.after),
    ip: actor.ip ?? null,
  });
}

/** A page of entries, newest first, by staff member or target: `limit + 1` rows (the extra one says more follow). */
export async function listAuditEntries(
  executor: Executor,
  query: { staffId?: number; target?: { type: string; id: string }; beforeId?: number; limit: number },
) {
  return executor
    .select()
    .from(staffAuditLog)
    .where(
      and(
        query.staffId ? eq(staffAuditLog.staffId, query.staffId) : undefined,
        query.target
          ? and(eq(staffAuditLog.targetType, query.target.type), eq(staffAuditLog.targetId, query.target.id))
          : undefined,
        query.beforeId !== undefined ? lt(staffAuditLog.id, query.beforeId) : undefined,
      ),
    )
    .orderBy(desc(staffAuditLog.id))
    .limit(query.limit + 1);
}
