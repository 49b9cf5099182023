// A member as staff see one: the summary (account, site, profile, restriction) and the member's page row (accounts'
// `findStaffMember` with the restriction of this module's table); the restriction as answered (an ended suspension no
// longer counts).
import type { AdminMemberSummary, MemberRestriction } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import type { MemberRestrictionRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-errors.ts';
import { isRestrictionActive } from '../../lib/member-restrictions.ts';
import { findStaffMember, type StaffMemberSummaryRow } from '../accounts/index.ts';
import { findRestriction } from './restrictions.repository.ts';

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

export type SummaryRow = StaffMemberSummaryRow & { restriction: MemberRestrictionRow | null };

export function createMemberRecords(deps: { db: Database; now: () => Date }) {
  const { db } = deps;

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

  /** The member's row with their restriction, or 404. */
  async function requireUser(userId: number) {
    const [row, restriction] = await Promise.all([findStaffMember(db, userId), findRestriction(db, userId)]);
    if (!row) throw notFound();
    return { ...row, restriction: restriction ?? null };
  }
  return { toSummary, requireUser };
}
export type MemberRecords = ReturnType<typeof createMemberRecords>;
