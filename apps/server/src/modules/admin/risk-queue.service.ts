// The console's Risk queue (docs/safety.md, "Risk"): members by risk score with each reason's evidence, and the
// moderators' actions, each audited: clear (the signals are forgiven, held sends go out in order, charged once),
// warn (a mail in the member's language), refuse (held sends are dropped, nothing charged).
import type { AdminRiskMember, AdminRiskReason } from '@app/contracts';
import type { Database } from '../../db/client.ts';
import type { MemberRiskRow } from '../../db/schema/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import { findStaffMember } from '../accounts/index.ts';
import { countHeldMessages, type ChatsService } from '../chats/index.ts';
import { findSite } from '../sites/index.ts';
import type { RiskService } from '../safety/index.ts';
import { recordAudit, type AuditActor } from './audit.repository.ts';
import { sendMemberMail } from './mails.ts';
import { DEFAULT_PAGE } from './paging.ts';

const reasonsOf = (row: MemberRiskRow): AdminRiskReason[] =>
  Object.values(row.signals)
    .filter((signal) => signal !== undefined)
    .sort((a, b) => b.points - a.points)
    .map((signal) => ({ signal: signal.signal, points: signal.points, at: signal.at, evidence: signal.evidence }));

export function createAdminRiskService(deps: {
  db: Database;
  cursors: CursorCodec;
  risk: Pick<RiskService, 'listQueue' | 'clear' | 'markWarned' | 'findRisk'>;
  chats: Pick<ChatsService, 'decideHeldSends'>;
  mailer: Pick<Mailer, 'sendRendered'>;
}) {
  const { db } = deps;

  /** The member as the chat sends for them, their site, and what a mail needs (accounts' and sites' staff reads). */
  async function memberOf(userId: number) {
    const row = await findStaffMember(db, userId);
    const site = row && (await findSite(db, row.siteId));
    if (!row?.profile || !site) throw notFound();
    const sender = {
      userId,
      profileId: row.profile.id,
      siteId: row.siteId,
      isPremium: row.paidUser,
      name: row.profile.name,
    };
    return { row, site, sender };
  }

  async function decide(actor: AuditActor, userId: number, deliver: boolean) {
    const member = await memberOf(userId);
    const result = await deps.chats.decideHeldSends(member.sender, member.site, deliver);
    await db.transaction(async (tx) => {
      const before = deliver ? await deps.risk.clear(userId, tx) : await deps.risk.findRisk(userId, tx);
      await recordAudit(tx, actor, {
        action: deliver ? 'risk.clear' : 'risk.refuse',
        targetType: 'user',
        targetId: userId,
        before: { score: before?.score ?? 0, signals: Object.keys(before?.signals ?? {}) },
        after: result,
      });
    });
    return result;
  }

  return {
    async list(query: { site_id?: number; cursor?: string; limit?: number }) {
      const limit = query.limit ?? DEFAULT_PAGE;
      const kind = 'admin-risk';
      const [score, id] = query.cursor ? (deps.cursors.decode(kind, query.cursor, 'nn') as [number, number]) : [];
      const after = score !== undefined && id !== undefined ? { score, userId: id } : undefined;
      const rows = await deps.risk.listQueue({ siteId: query.site_id, after, limit });
      const page = rows.slice(0, limit);
      const held = await countHeldMessages(
        db,
        page.flatMap((row) => (row.profileId ? [row.profileId] : [])),
      );
      const last = page.at(-1);
      return {
        members: page.map(({ risk, email, name, profileId }): AdminRiskMember => ({
          user_id: risk.userId,
          profile_id: profileId,
          name,
          email,
          site_id: risk.siteId,
          score: risk.score,
          is_held: risk.isHeld,
          held_messages: profileId ? (held.get(profileId) ?? 0) : 0,
          reasons: reasonsOf(risk),
          updated_at: risk.updatedAt.toISOString(),
          cleared_at: risk.clearedAt?.toISOString() ?? null,
          warned_at: risk.warnedAt?.toISOString() ?? null,
        })),
        next_cursor:
          rows.length > limit && last ? deps.cursors.encode(kind, [last.risk.score, last.risk.userId]) : null,
      };
    },

    clear: (actor: AuditActor, userId: number) => decide(actor, userId, true),
    refuse: (actor: AuditActor, userId: number) => decide(actor, userId, false),

    async warn(actor: AuditActor, userId: number) {
      const member = await memberOf(userId);
      await db.transaction(async (tx) => {
        await deps.risk.markWarned(userId, tx);
        await recordAudit(tx, actor, {
          action: 'risk.warn',
          targetType: 'user',
          targetId: userId,
          before: null,
          after: { mailed: member.row.email },
        });
        await sendMemberMail(
          deps.mailer,
          {
            to: member.row.email,
            language: member.row.language ?? 'en',
            name: member.sender.name,
            site: member.site,
            template: 'riskWarning',
          },
          tx,
        );
      });
      return { success: true as const };
    },
  };
}
export type AdminRiskService = ReturnType<typeof createAdminRiskService>;
