// A member as staff see one: the summary (account, site, profile, restriction) and the member's page row; the
// restriction as answered (an ended suspension no longer counts).
import { eq } from 'drizzle-orm';
import type { AdminMemberSummary, MemberRestriction } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { memberRestrictions, profiles, sites, users, type MemberRestrictionRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-errors.ts';
import { isRestrictionActive } from '../../lib/member-restrictions.ts';

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

export function createMemberRecords(deps: { db: Database; now: () => Date }) {
  const { db } = deps;
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
  return { summarySelect, toSummary, requireUser };
}
export type MemberRecords = ReturnType<typeof createMemberRecords>;
