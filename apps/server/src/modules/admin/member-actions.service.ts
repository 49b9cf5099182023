// Staff acting on members: suspend, ban and unban (sessions revoked on every instance through the outbox), force a
// logout, adjust credits through the ledger; each audited.
import { eq } from 'drizzle-orm';
import type { BanReason } from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import type { SessionsService } from '../../plugins/session/index.ts';
import { getBalance, postLedgerEntry } from '../credits/index.ts';
import type { MembersRepository } from '../member-core/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { createMemberRecords, toRestriction } from './member-records.ts';
import { deleteRestriction, findRestriction, listRestrictions, upsertRestriction } from './restrictions.repository.ts';

const MAX_SUSPENSION_MS = 366 * 24 * 60 * 60 * 1000;

export function createAdminMemberActionsService(deps: {
  db: Database;
  sessions: Pick<SessionsService, 'endAllOfUser'>;
  /** Every change here records its after-commit events in its transaction (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  /** The member core: who is related to a member (likes, matches, conversations). */
  members: Pick<MembersRepository, 'findRelatedProfiles'>;
  now: () => Date;
}) {
  const { db } = deps;
  const { requireUser } = createMemberRecords(deps);

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
export type AdminMemberActionsService = ReturnType<typeof createAdminMemberActionsService>;
