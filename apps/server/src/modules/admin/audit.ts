// The append-only audit log: every staff action with who, what, on what, before and after (docs/staff-console.md).
// Only inserts here; the database refuses UPDATE and DELETE (migration 0020).
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
