// Staff on members: search by e-mail, name, id or site, and the member's page (profile, balance, sessions, report
// counts). The member's records are member-history.service.ts; suspend, ban, unban, logout and credits are
// member-actions.service.ts. Members are read through accounts' staff reads, restrictions through this module's
// repository.
import type { AdminMemberDetail } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import type { SessionRow } from '../../db/schema/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { listLiveSessions } from '../../plugins/session/index.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';
import { searchStaffMembers, type StaffMemberMatch, type StaffMemberRow } from '../accounts/index.ts';
import { getBalance } from '../credits/index.ts';
import { findMainPhoto } from '../photos/index.ts';
import { countReportsOfProfile } from '../reports/index.ts';
import { createMemberRecords, type SummaryRow } from './member-records.ts';
import { createPaging, DEFAULT_PAGE } from './paging.ts';
import { listRestrictions } from './restrictions.repository.ts';

/** `q` with `@`: an address prefix (lower-cased); digits or `#digits`: a user or profile id; other text: a name prefix. */
function memberMatchOf(q: string | undefined): StaffMemberMatch | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const id = /^#?(\d{1,10})$/.exec(text)?.[1];
  if (id) return { id: Number(id) };
  return text.includes('@') ? { emailPrefix: text.toLowerCase() } : { namePrefix: text };
}

function profileOf(profile: NonNullable<StaffMemberRow['profile']>, mainPhotoUrl: string | null) {
  return {
    gender: profile.gender,
    date_of_birth: profile.dateOfBirth,
    country: profile.country,
    region: profile.region,
    city: profile.city,
    about_me: profile.aboutMe,
    status: profile.status,
    is_invisible: profile.isInvisible,
    is_fictional: profile.isFictional,
    main_photo_url: mainPhotoUrl,
  };
}

const toSession = (session: SessionRow) => ({
  id: session.id,
  created_at: session.createdAt.toISOString(),
  last_seen_at: session.lastSeenAt.toISOString(),
  expires_at: session.expiresAt.toISOString(),
  ip: session.ip,
  user_agent: session.userAgent,
});

export function createAdminMembersService(deps: { db: Database; cursors: CursorCodec; now: () => Date }) {
  const { toSummary, requireUser } = createMemberRecords(deps);
  const { db } = deps;
  const { afterId, nextOf } = createPaging(deps.cursors);

  return {
    requireUser,

    /** Newest accounts first, paged by id (`memberMatchOf` says what `q` matches). */
    async search(query: { q?: string; site?: number; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const rows = await searchStaffMembers(db, {
        match: memberMatchOf(query.q),
        siteId: query.site,
        beforeId: afterId('admin-members', query.cursor),
        limit,
      });
      const page = rows.slice(0, limit);
      const restrictions = await listRestrictions(
        db,
        page.map((row) => row.id),
      );
      const restrictionOf = new Map(restrictions.map((row) => [row.userId, row]));
      const summaries: SummaryRow[] = page.map((row) => ({ ...row, restriction: restrictionOf.get(row.id) ?? null }));
      return {
        members: summaries.map(toSummary),
        next_cursor: nextOf(rows, limit, 'admin-members', (row) => row.id),
      };
    },

    async detail(userId: number): Promise<AdminMemberDetail> {
      const row = await requireUser(userId);
      const [balance, sessionRows, counts, main] = await Promise.all([
        getBalance(db, userId),
        listLiveSessions(db, userId, deps.now()),
        row.profileId ? countReportsOfProfile(db, row.profileId) : { received: 0, made: 0 },
        row.profileId ? findMainPhoto(db, row.profileId) : undefined,
      ]);
      return {
        ...toSummary(row),
        language: row.language,
        paid_user: row.paidUser,
        activated_at: row.activatedAt?.toISOString() ?? null,
        balance,
        profile: row.profile ? profileOf(row.profile, main ? uploadUrl(row.cdnPrefix, main.fileKey) : null) : null,
        sessions: sessionRows.map(toSession),
        reports_received: counts.received,
        reports_made: counts.made,
      };
    },
  };
}
export type AdminMembersService = ReturnType<typeof createAdminMembersService>;
