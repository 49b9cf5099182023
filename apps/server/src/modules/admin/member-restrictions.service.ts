// Staff restricting members: suspend (until a date) or ban, and unban; the restriction is this module's
// member_restrictions (restrictions.repository.ts), every session of the member ends at once on every instance, and
// everyone related hears of the change. Each audited.
import type { BanReason } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { listSessionIds } from '../../plugins/session/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import type { MemberEffects } from './member-effects.ts';
import { createMemberRecords, toRestriction } from './member-records.ts';
import { deleteRestriction, findRestriction, listRestrictions, upsertRestriction } from './restrictions.repository.ts';

const MAX_SUSPENSION_MS = 366 * 24 * 60 * 60 * 1000;

type RestrictionInput = { kind: 'suspended' | 'banned'; reason: BanReason; until?: string; note?: string };

/** The end of a suspension: in the future, at most a year ahead (a ban has none). */
function untilOf(input: RestrictionInput, now: Date): Date | null {
  if (input.kind !== 'suspended') return null;
  const until = new Date(input.until!);
  if (until <= now || until.getTime() - now.getTime() > MAX_SUSPENSION_MS)
    throw new AppError(400, 'validation_failed', undefined, [{ path: 'until', code: 'invalid_value' }]);
  return until;
}

export function createAdminMemberRestrictionsService(deps: {
  db: Database;
  /** Every change here records its after-commit events in its transaction (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  effects: MemberEffects;
  now: () => Date;
}) {
  const { db } = deps;
  const { requireUser } = createMemberRecords(deps);
  const { revokeAll, announceVisibility } = deps.effects;

  return {
    /** Suspends (until a date) or bans; every session of the member ends at once on every instance. */
    async restrict(actor: AuditActor, userId: number, input: RestrictionInput) {
      const now = deps.now();
      const until = untilOf(input, now);
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
        const live = await listSessionIds(tx, userId);
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

    /** The restriction of members by id (the member login and lists). */
    async restrictionsOf(userIds: number[]) {
      return listRestrictions(db, userIds);
    },
  };
}
