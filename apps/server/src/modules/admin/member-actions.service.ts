// Staff acting on members: suspend, ban and unban (member-restrictions.service.ts), force a logout (sessions revoked
// on every instance through the outbox), adjust credits through the ledger; each audited.
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { listSessionIds, type SessionsService } from '../../plugins/session/index.ts';
import { getBalance, postLedgerEntry } from '../credits/index.ts';
import type { MembersRepository } from '../member-core/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { createMemberEffects } from './member-effects.ts';
import { createMemberRecords } from './member-records.ts';
import { createAdminMemberRestrictionsService } from './member-restrictions.service.ts';

export function createAdminMemberActionsService(deps: {
  db: Database;
  sessions: Pick<SessionsService, 'endAllOfUser'>;
  /** Every change here records its after-commit events in its transaction (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  /** The member core: who is related to a member (likes, matches, conversations). */
  members: Pick<MembersRepository, 'findRelatedProfiles'>;
  now: () => Date;
}) {
  const { requireUser } = createMemberRecords(deps);
  const effects = createMemberEffects(deps);

  return {
    ...createAdminMemberRestrictionsService({ ...deps, effects }),

    async forceLogout(actor: AuditActor, userId: number) {
      await requireUser(userId);
      const live = await deps.outbox.transaction(async (tx, outboxEffects) => {
        const rows = await listSessionIds(tx, userId);
        await recordAudit(tx, actor, {
          action: 'member.logout',
          targetType: 'user',
          targetId: userId,
          before: { sessions: rows.map((row) => row.id) },
        });
        await effects.revokeAll(tx, outboxEffects, userId);
        return rows;
      });
      return { sessions_revoked: live.length };
    },

    /** Credits move only through the ledger (reason `staff_adjustment`), with the staff member's note in the audit log. */
    async adjustCredits(actor: AuditActor, userId: number, input: { amount: number; note: string }, requestId: string) {
      await requireUser(userId);
      const balance = await deps.outbox.transaction(async (tx, outboxEffects) => {
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
        await outboxEffects.emit('member.changed', { userId });
        return result.balance;
      });
      return { balance };
    },
  };
}
export type AdminMemberActionsService = ReturnType<typeof createAdminMemberActionsService>;
