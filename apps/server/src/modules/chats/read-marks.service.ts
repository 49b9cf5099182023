// Read marks (POST /api/chat-read.php, and opening a conversation's newest page): the member's unread count and list
// version follow, and both members' clients hear how far the member has read.
import type { Viewer } from '../member-core/index.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { conversationNotFound, recordInboxChanges } from './chat-rules.ts';
import type { ChatsRepository } from './chats.repository.ts';

export function createReadMarksService(deps: {
  repo: Pick<ChatsRepository, 'findMembership' | 'lockInboxes' | 'bumpVersion' | 'markRead' | 'unreadTotal'>;
  /** The commit records its announcements in its transaction (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
}) {
  const { repo } = deps;
  return {
    /** The member has seen the conversation up to `seq`: unread count, list version and both members' clients follow. */
    async markRead(member: Pick<Viewer, 'profileId'>, conversationId: number, seq: number) {
      const result = await deps.outbox.transaction(async (tx, effects) => {
        const side = await repo.findMembership(member.profileId, conversationId, tx);
        if (!side) throw conversationNotFound();
        const upTo = Math.min(seq, side.conversation.lastSeq);
        if (upTo <= side.member.readSeq && side.member.unreadCount === 0)
          return { num_unread_messages: 0, changed: false };
        await repo.lockInboxes([member.profileId], tx);
        const version = await repo.bumpVersion(member.profileId, tx);
        const updated = await repo.markRead(conversationId, member.profileId, upTo, version, tx);
        const readSeq = updated?.readSeq ?? upTo;
        await recordInboxChanges(
          effects,
          [member.profileId],
          [
            {
              profileIds: [member.profileId, side.member.partnerProfileId],
              event: {
                type: 'read',
                conversation_id: conversationId,
                reader_id: member.profileId,
                seq: readSeq,
                version,
              },
            },
            {
              profileIds: [member.profileId],
              event: { type: 'unread', unread_total: await repo.unreadTotal(member.profileId, tx) },
            },
          ],
        );
        return { num_unread_messages: updated?.unreadCount ?? 0, changed: true };
      });
      const unreadTotal = await repo.unreadTotal(member.profileId);
      return { num_unread_messages: result.num_unread_messages, unread_total: unreadTotal };
    },
  };
}
export type ReadMarksService = ReturnType<typeof createReadMarksService>;
