// The audit log as staff read it: newest first, by staff member or by target ("type:id").
import type { Executor } from '../../db/client.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { listAuditEntries } from './audit.repository.ts';
import { createPaging, DEFAULT_PAGE } from './paging.ts';

export function createAdminAuditLogService(deps: { db: Executor; cursors: CursorCodec }) {
  const { afterId, nextOf } = createPaging(deps.cursors);
  return {
    async list(query: { staff?: number; target?: string; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const [targetType, targetId] = query.target?.split(':') ?? [];
      const rows = await listAuditEntries(deps.db, {
        staffId: query.staff,
        target: targetType ? { type: targetType, id: targetId! } : undefined,
        beforeId: afterId('admin-audit', query.cursor),
        limit,
      });
      return {
        entries: rows.slice(0, limit).map((row) => ({
          id: row.id,
          staff_id: row.staffId,
          staff_email: row.staffEmail,
          action: row.action,
          target_type: row.targetType,
          target_id: row.targetId,
          before: row.before,
          after: row.after,
          ip: row.ip,
          created_at: row.createdAt.toISOString(),
        })),
        next_cursor: nextOf(rows, limit, 'admin-audit', (row) => row.id),
      };
    },
  };
}
export type AdminAuditLogService = ReturnType<typeof createAdminAuditLogService>;
