// Staff on members: search by e-mail, name, id or site, and the member's page (profile, balance, sessions, report
// counts). The member's records are member-history.service.ts; suspend, ban, unban, logout and credits are
// member-actions.service.ts.
import { and, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminMemberDetail } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { memberRestrictions, photos, profiles, reports, sessions, sites, users } from '../../db/schema/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';
import { getBalance } from '../credits/index.ts';
import { DEFAULT_PAGE } from './paging.ts';
import { createMemberRecords } from './member-records.ts';

export function createAdminMembersService(deps: { db: Database; cursors: CursorCodec; now: () => Date }) {
  const { summarySelect, toSummary, requireUser } = createMemberRecords(deps);
  const { db, cursors } = deps;
  const pageOf = <T extends { id: number }>(rows: T[], limit: number, kind: string) => ({
    rows: rows.slice(0, limit),
    next: rows.length > limit ? cursors.encode(kind, [rows[limit - 1]!.id]) : null,
  });
  const afterId = (kind: string, cursor: string | undefined) =>
    cursor ? (cursors.decode(kind, cursor, 'n')[0] as number) : undefined;

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
  };
}
export type AdminMembersService = ReturnType<typeof createAdminMembersService>;
