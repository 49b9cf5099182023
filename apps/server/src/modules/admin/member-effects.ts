// What a staff action on a member announces after it commits (docs/event-bus.md): the member's sessions revoked on
// every instance, and the member's availability to everyone related to them.
import type { BanReason } from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { Effects } from '../../plugins/outbox/index.ts';
import type { SessionsService } from '../../plugins/session/index.ts';
import type { MembersRepository } from '../member-core/index.ts';

export function createMemberEffects(deps: {
  sessions: Pick<SessionsService, 'endAllOfUser'>;
  /** The member core: who is related to a member (likes, matches, conversations). */
  members: Pick<MembersRepository, 'findRelatedProfiles'>;
}) {
  return {
    async revokeAll(tx: Executor, effects: Effects, userId: number, banReason?: BanReason) {
      await deps.sessions.endAllOfUser(userId, {}, tx);
      // Every instance drops the member's cached views once this commits (plugins/session): no answer as this member
      // after it; a banned member's open tabs go to the ban page.
      await effects.emit('session.revoked', banReason ? { userId, banReason } : { userId });
    },

    /**
     * A ban, suspension or lift changes the likes and chat lists of everyone related to the member: their cached
     * poll versions go on every instance (docs/bans.md; the versions count restrictions, so the next poll answers in
     * full), and their open tabs (which do not poll while the socket is live) reload the conversation with him.
     */
    async announceVisibility(tx: Executor, effects: Effects, userId: number, isAvailable: boolean) {
      const { profileId, relatedIds } = await deps.members.findRelatedProfiles(userId, tx);
      await effects.emit('poll.changed', { kinds: ['likes', 'chats'], profileIds: relatedIds });
      // Visitor pages (home page faces, landers, landings) drop or show the member again on every instance.
      await effects.emit('member.shown', { userId });
      if (profileId !== null)
        await effects.emit('realtime', {
          profileIds: relatedIds,
          event: { type: 'member_availability', profile_id: profileId, is_available: isAvailable },
        });
    },
  };
}
export type MemberEffects = ReturnType<typeof createMemberEffects>;
