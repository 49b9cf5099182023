// A member's records in the console: photos, orders, the credit ledger, reports about or by the member, each read
// through its owner (photos, payments, credits, reports).
import type { Database } from '../../db/client.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { getBalance, listLedgerPage } from '../credits/index.ts';
import { listMemberOrdersPage } from '../payments/index.ts';
import { listStaffPhotosOfProfile } from '../photos/index.ts';
import { listProfileReportsPage } from '../reports/index.ts';
import { toAdminOrder, toAdminPhoto, toAdminReport } from './admin-rows.ts';
import { createMemberRecords } from './member-records.ts';
import { createPaging, DEFAULT_PAGE } from './paging.ts';

type Page = { cursor?: string; limit?: number };

export function createAdminMemberHistoryService(deps: { db: Database; cursors: CursorCodec; now: () => Date }) {
  const { requireUser } = createMemberRecords(deps);
  const { db } = deps;
  const { afterId, nextOf } = createPaging(deps.cursors);

  return {
    async photos(userId: number) {
      const row = await requireUser(userId);
      if (!row.profileId) return { photos: [], next_cursor: null };
      const rows = await listStaffPhotosOfProfile(db, row.profileId);
      return { photos: rows.map((item) => toAdminPhoto(item, 0)), next_cursor: null };
    },

    async orders(userId: number, query: Page) {
      await requireUser(userId);
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = 'admin-member-orders';
      const rows = await listMemberOrdersPage(db, { userId, beforeId: afterId(kind, query.cursor), limit });
      return {
        orders: rows.slice(0, limit).map((item) => toAdminOrder(item.order, item.email, null)),
        next_cursor: nextOf(rows, limit, kind, (item) => item.order.id),
      };
    },

    async ledger(userId: number, query: Page) {
      await requireUser(userId);
      const limit = query.limit ?? DEFAULT_PAGE;
      const rows = await listLedgerPage(db, { userId, beforeId: afterId('admin-ledger', query.cursor), limit });
      return {
        entries: rows.slice(0, limit).map((entry) => ({
          id: entry.id,
          amount: entry.amount,
          reason: entry.reason,
          reference: entry.reference,
          created_at: entry.createdAt.toISOString(),
        })),
        balance: await getBalance(db, userId),
        next_cursor: nextOf(rows, limit, 'admin-ledger', (entry) => entry.id),
      };
    },

    async reports(userId: number, query: Page & { direction: 'received' | 'made' }) {
      const row = await requireUser(userId);
      if (!row.profileId) return { reports: [], next_cursor: null };
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = `admin-member-reports-${query.direction}`;
      const rows = await listProfileReportsPage(db, {
        profileId: row.profileId,
        direction: query.direction,
        beforeId: afterId(kind, query.cursor),
        limit,
      });
      return {
        reports: rows.slice(0, limit).map(toAdminReport),
        next_cursor: nextOf(rows, limit, kind, (item) => item.report.id),
      };
    },
  };
}
export type AdminMemberHistoryService = ReturnType<typeof createAdminMemberHistoryService>;
