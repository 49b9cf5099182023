// Staff on members: search, the member's page (profile, photos, orders, ledger, reports, sessions, status), suspend,
// ban and unban (sessions revoked on every instance through the bus), force logout, credit adjustments (the ledger).
import { and, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminMemberDetail, AdminMemberSummary, BanReason, MemberRestriction } from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import {
  creditLedger,
  memberRestrictions,
  orders,
  photoReviews,
  photos,
  profiles,
  reports,
  sessions,
  sites,
  users,
  type MemberRestrictionRow,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/http-errors.ts';
import { isRestrictionActive } from '../../lib/member-restrictions.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import type { SessionsService } from '../../plugins/session/index.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';
import { getBalance, postLedgerEntry } from '../credits/index.ts';
import type { MembersRepository } from '../member-core/index.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import { toAdminOrder, toAdminPhoto, toAdminReport, reportListSelect } from './admin-rows.ts';
import { DEFAULT_PAGE } from './paging.ts';
import { deleteRestriction, findRestriction, listRestrictions, upsertRestriction } from './restrictions.repository.ts';

const MAX_SUSPENSION_MS = 366 * 24 * 60 * 60 * 1000;

export function toRestriction(row: MemberRestrictionRow | null | undefined, now: Date): MemberRestriction | null {
  // A suspension that has ended no longer counts.
  if (!row || !isRestrictionActive(row, now)) return null;
  return {
    kind: row.kind,
    reason: row.reason,
    until: row.until?.toISOString() ?? null,
    note: row.note,
    staff_id: row.staffId,
    created_at: row.createdAt.toISOString(),
  };
}

export function createAdminMembersService(deps: {
  db: Database;
  cursors: CursorCodec;
  sessions: Pick<SessionsService, 'endAllOfUser'>;
  /** Every change here records its after-commit events in its transaction (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  /** The member core: who is related to a member (likes, matches, conversations). */
  members: Pick<MembersRepository, 'findRelatedProfiles'>;
  now: () => Date;
}) {
  const { db, cursors } = deps;

  const summarySelect = {
    id: users.id,
    profileId: profiles.id,
    siteId: users.siteId,
    siteDomain: sites.domain,
    email: users.email,
    name: profiles.name,
    status: users.status,
    createdAt: users.createdAt,
    restriction: memberRestrictions,
  };
  type SummaryRow = {
    id: number;
    profileId: number | null;
    siteId: number;
    siteDomain: string;
    email: string;
    name: string | null;
    status: string;
    createdAt: Date;
    restriction: MemberRestrictionRow | null;
  };

  const toSummary = (row: SummaryRow): AdminMemberSummary => ({
    id: row.id,
    profile_id: row.profileId,
    site_id: row.siteId,
    site_domain: row.siteDomain,
    email: row.email,
    name: row.name,
    status: row.status,
    restriction: toRestriction(row.restriction, deps.now()),
    created_at: row.createdAt.toISOString(),
  });

  async function requireUser(userId: number) {
    const [row] = await db
      .select({
        ...summarySelect,
        language: users.language,
        paidUser: users.paidUser,
        activatedAt: users.activatedAt,
        profile: profiles,
        cdnPrefix: sites.cdnPrefix,
      })
      .from(users)
      .innerJoin(sites, eq(sites.id, users.siteId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(memberRestrictions, eq(memberRestrictions.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) throw notFound();
    return row;
  }

  const pageOf = <T extends { id: number }>(rows: T[], limit: number, kind: string) => ({
    rows: rows.slice(0, limit),
    next: rows.length > limit ? cursors.encode(kind, [rows[limit - 1]!.id]) : null,
  });
  const afterId = (kind: string, cursor: string | undefined) =>
    cursor ? (cursors.decode(kind, cursor, 'n')[0] as number) : undefined;

  async function revokeAll(tx: Executor, effects: Effects, userId: number, banReason?: BanReason) {
    await deps.sessions.endAllOfUser(userId, {}, tx);
    // Every instance drops the member's cached views once this commits (plugins/session): no answer as this member
    // after it; a banned member's open tabs go to the ban page.
    await effects.emit('session.revoked', banReason ? { userId, banReason } : { userId });
  }

  /**
   * A ban, suspension or lift changes the likes and chat lists of everyone related to the member: their cached poll
   * versions go on every instance (docs/bans.md; the versions count restrictions, so the next poll answers in full),
   * and their open tabs (which do not poll while the socket is live) reload the conversation with him.
   */
  async function announceVisibility(tx: Executor, effects: Effects, userId: number, isAvailable: boolean) {
    const { profileId, relatedIds } = await deps.members.findRelatedProfiles(userId, tx);
    await effects.emit('poll.changed', { kinds: ['likes', 'chats'], profileIds: relatedIds });
    // Visitor pages (home page faces, landers, landings) drop or show the member again on every instance.
    await effects.emit('member.shown', { userId });
    if (profileId !== null)
      await effects.emit('realtime', {
        profileIds: relatedIds,
        event: { type: 'member_availability', profile_id: profileId, is_available: isAvailable },
      });
  }

  return {
    requireUser,

    /**
     * `q` with `@`: e-mail prefix (lower-cased, the users_email_idx range); digits or `#digits`: a user or profile id;
     * other text: a name prefix. Newest accounts first, paged by id.
     */
    async search(query: { q?: string; site?: number; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const after = afterId('admin-members', query.cursor);
      const conditions: SQL[] = [];
      const q = query.q?.trim();
      if (q) {
        const id = /^#?(\d{1,10})$/.exec(q)?.[1];
        if (id) conditions.push(or(eq(users.id, Number(id)), eq(profiles.id, Number(id)))!);
        else if (q.includes('@')) {
          const email = q.toLowerCase();
          conditions.push(and(sql`${users.email} >= ${email}`, sql`${users.email} < ${`${email}\uffff`}`)!);
        } else
          conditions.push(
            sql`lower(${profiles.name}) like ${`${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`,
          ); // profiles_name_lower_idx
      }
      if (query.site) conditions.push(eq(users.siteId, query.site));
      if (after !== undefined) conditions.push(lt(users.id, after));
      const rows = await db
        .select(summarySelect)
        .from(users)
        .innerJoin(sites, eq(sites.id, users.siteId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .leftJoin(memberRestrictions, eq(memberRestrictions.userId, users.id))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(users.id))
        .limit(limit + 1);
      const page = pageOf(rows, limit, 'admin-members');
      return { members: page.rows.map(toSummary), next_cursor: page.next };
    },

    async detail(userId: number): Promise<AdminMemberDetail> {
      const row = await requireUser(userId);
      const [balance, sessionRows, counts, main] = await Promise.all([
        getBalance(db, userId),
        db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, deps.now())))
          .orderBy(desc(sessions.lastSeenAt))
          .limit(50),
        row.profileId
          ? db
              .select({
                received: sql<number>`count(*) filter (where ${reports.reportedProfileId} = ${row.profileId})`.mapWith(
                  Number,
                ),
                made: sql<number>`count(*) filter (where ${reports.reporterProfileId} = ${row.profileId})`.mapWith(
                  Number,
                ),
              })
              .from(reports)
              .where(or(eq(reports.reportedProfileId, row.profileId), eq(reports.reporterProfileId, row.profileId)))
          : Promise.resolve([{ received: 0, made: 0 }]),
        row.profileId
          ? db
              .select()
              .from(photos)
              .where(and(eq(photos.profileId, row.profileId), sql`${photos.isMain}`))
              .limit(1)
          : Promise.resolve([]),
      ]);
      const profile = row.profile;
      return {
        ...toSummary(row),
        language: row.language,
        paid_user: row.paidUser,
        activated_at: row.activatedAt?.toISOString() ?? null,
        balance,
        profile: profile
          ? {
              gender: profile.gender,
              date_of_birth: profile.dateOfBirth,
              country: profile.country,
              region: profile.region,
              city: profile.city,
              about_me: profile.aboutMe,
              status: profile.status,
              is_invisible: profile.isInvisible,
              is_fictional: profile.isFictional,
              main_photo_url: main[0] ? uploadUrl(row.cdnPrefix, main[0].fileKey) : null,
            }
          : null,
        sessions: sessionRows.map((session) => ({
          id: session.id,
          created_at: session.createdAt.toISOString(),
          last_seen_at: session.lastSeenAt.toISOString(),
          expires_at: session.expiresAt.toISOString(),
          ip: session.ip,
          user_agent: session.userAgent,
        })),
        reports_received: counts[0]?.received ?? 0,
        reports_made: counts[0]?.made ?? 0,
      };
    },

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

    /** Suspends (until a date) or bans; every session of the member ends at once on every instance. */
    async restrict(
      actor: AuditActor,
      userId: number,
      input: { kind: 'suspended' | 'banned'; reason: BanReason; until?: string; note?: string },
    ) {
      const now = deps.now();
      let until: Date | null = null;
      if (input.kind === 'suspended') {
        until = new Date(input.until!);
        if (until <= now || until.getTime() - now.getTime() > MAX_SUSPENSION_MS)
          throw new AppError(400, 'validation_failed', undefined, [{ path: 'until', code: 'invalid_value' }]);
      }
      const current = await requireUser(userId);
      const before = toRestriction(current.restriction, now);
      if (input.kind === 'banned' && before?.kind === 'banned') throw new AppError(409, 'member_already_banned');
      const values = {
        userId,
        kind: input.kind,
        reason: input.reason,
        until,
        note: input.note ?? '',
        staffId: actor.id,
        createdAt: now,
      };
      const revoked = await deps.outbox.transaction(async (tx, effects) => {
        await upsertRestriction(tx, values);
        await recordAudit(tx, actor, {
          action: input.kind === 'banned' ? 'member.ban' : 'member.suspend',
          targetType: 'user',
          targetId: userId,
          before,
          after: values,
        });
        const live = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
        await revokeAll(tx, effects, userId, input.reason);
        await announceVisibility(tx, effects, userId, false);
        return live;
      });
      const stored = await findRestriction(db, userId);
      return { restriction: toRestriction(stored, now), sessions_revoked: revoked.length };
    },

    async unban(actor: AuditActor, userId: number, input: { note?: string }) {
      const current = await requireUser(userId);
      const before = toRestriction(current.restriction, deps.now());
      if (!current.restriction) throw new AppError(409, 'member_not_banned');
      await deps.outbox.transaction(async (tx, effects) => {
        await deleteRestriction(tx, userId);
        await recordAudit(tx, actor, {
          action: 'member.unban',
          targetType: 'user',
          targetId: userId,
          before,
          after: { note: input.note ?? '' },
        });
        await announceVisibility(tx, effects, userId, true);
      });
      return { restriction: null, sessions_revoked: 0 };
    },

    async forceLogout(actor: AuditActor, userId: number) {
      await requireUser(userId);
      const live = await deps.outbox.transaction(async (tx, effects) => {
        const rows = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
        await recordAudit(tx, actor, {
          action: 'member.logout',
          targetType: 'user',
          targetId: userId,
          before: { sessions: rows.map((row) => row.id) },
        });
        await revokeAll(tx, effects, userId);
        return rows;
      });
      return { sessions_revoked: live.length };
    },

    /** Credits move only through the ledger (reason `staff_adjustment`), with the staff member's note in the audit log. */
    async adjustCredits(actor: AuditActor, userId: number, input: { amount: number; note: string }, requestId: string) {
      await requireUser(userId);
      const balance = await deps.outbox.transaction(async (tx, effects) => {
        const before = await getBalance(tx, userId);
        if (before + input.amount < 0) throw new AppError(409, 'credits_insufficient', { balance: before });
        const result = await postLedgerEntry(tx, {
          userId,
          amount: input.amount,
          reason: 'staff_adjustment',
          reference: `staff:${actor.id}`,
          idempotencyKey: `staff-adjustment:${requestId}`,
        });
        await recordAudit(tx, actor, {
          action: 'member.credits',
          targetType: 'user',
          targetId: userId,
          before: { balance: before },
          after: { balance: result.balance, amount: input.amount, note: input.note },
        });
        await effects.emit('member.changed', { userId });
        return result.balance;
      });
      return { balance };
    },

    /** The restriction of members by id (the member login and lists). */
    async restrictionsOf(userIds: number[]) {
      return listRestrictions(db, userIds);
    },
  };
}
export type AdminMembersService = ReturnType<typeof createAdminMembersService>;
