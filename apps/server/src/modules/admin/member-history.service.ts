// A member's records in the console: photos, orders, the credit ledger, reports about or by the member.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creditLedger, orders, photoReviews, photos, profiles, reports, sites, users } from '../../db/schema/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { getBalance } from '../credits/index.ts';
import { toAdminOrder, toAdminPhoto, toAdminReport, reportListSelect } from './admin-rows.ts';
import { DEFAULT_PAGE } from './paging.ts';
import { createMemberRecords } from './member-records.ts';

export function createAdminMemberHistoryService(deps: { db: Database; cursors: CursorCodec; now: () => Date }) {
  const { requireUser } = createMemberRecords(deps);
  const { db, cursors } = deps;
  const pageOf = <T extends { id: number }>(rows: T[], limit: number, kind: string) => ({
    rows: rows.slice(0, limit),
    next: rows.length > limit ? cursors.encode(kind, [rows[limit - 1]!.id]) : null,
  });
  const afterId = (kind: string, cursor: string | undefined) =>
    cursor ? (cursors.decode(kind, cursor, 'n')[0] as number) : undefined;

  return {
    async photos(userId: number) {
      const row = await requireUser(userId);
      if (!row.profileId) return { photos: [], next_cursor: null };
      const rows = await db
        .select({
          photo: photos,
          reviewed: photoReviews.photoId,
          name: profiles.name,
          userId: profiles.userId,
          cdnPrefix: sites.cdnPrefix,
        })
        .from(photos)
        .innerJoin(profiles, eq(profiles.id, photos.profileId))
        .innerJoin(sites, eq(sites.id, profiles.siteId))
        .leftJoin(photoReviews, eq(photoReviews.photoId, photos.id))
        .where(eq(photos.profileId, row.profileId))
        .orderBy(desc(photos.id));
      return { photos: rows.map((item) => toAdminPhoto(item, 0)), next_cursor: null };
    },

    async orders(userId: number, query: { cursor?: string; limit?: number }) {
      await requireUser(userId);
      const limit = query.limit ?? DEFAULT_PAGE;
      const after = afterId('admin-member-orders', query.cursor);
      const rows = await db
        .select({ order: orders, email: users.email })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(and(eq(orders.userId, userId), after !== undefined ? lt(orders.id, after) : undefined))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit + 1);
      const page = pageOf(
        rows.map((item) => ({ ...item, id: item.order.id })),
        limit,
        'admin-member-orders',
      );
      return { orders: page.rows.map((item) => toAdminOrder(item.order, item.email, null)), next_cursor: page.next };
    },

    async ledger(userId: number, query: { cursor?: string; limit?: number }) {
      await requireUser(userId);
      const limit = query.limit ?? DEFAULT_PAGE;
      const after = afterId('admin-ledger', query.cursor);
      const rows = await db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), after !== undefined ? lt(creditLedger.id, after) : undefined))
        .orderBy(desc(creditLedger.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit, 'admin-ledger');
      return {
        entries: page.rows.map((entry) => ({
          id: entry.id,
          amount: entry.amount,
          reason: entry.reason,
          reference: entry.reference,
          created_at: entry.createdAt.toISOString(),
        })),
        balance: await getBalance(db, userId),
        next_cursor: page.next,
      };
    },

    async reports(userId: number, query: { direction: 'received' | 'made'; cursor?: string; limit?: number }) {
      const row = await requireUser(userId);
      if (!row.profileId) return { reports: [], next_cursor: null };
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = `admin-member-reports-${query.direction}`;
      const after = afterId(kind, query.cursor);
      const column = query.direction === 'received' ? reports.reportedProfileId : reports.reporterProfileId;
      const rows = await reportListSelect(db)
        .where(and(eq(column, row.profileId), after !== undefined ? lt(reports.id, after) : undefined))
        .orderBy(desc(reports.id))
        .limit(limit + 1);
      const page = pageOf(
        rows.map((item) => ({ ...item, id: item.report.id })),
        limit,
        kind,
      );
      return { reports: page.rows.map(toAdminReport), next_cursor: page.next };
    },
  };
}
export type AdminMemberHistoryService = ReturnType<typeof createAdminMemberHistoryService>;
