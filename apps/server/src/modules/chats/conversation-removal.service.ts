// A conversation off a member's list: DELETE /api/chat.php for one member, an unmatch (likes) for both. It comes back
// when either writes again; the partner keeps theirs when only one removes it.
import type { Executor } from '../../db/client.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import type { Viewer } from '../member-core/index.ts';
import { conversationNotFound, recordInboxChanges, type InboxEvent } from './chat-rules.ts';
import type { ChatsRepository } from './chats.repository.ts';

export function createConversationRemoval(deps: {
  repo: Pick<
    ChatsRepository,
    'findMembership' | 'findConversationByPair' | 'lockInboxes' | 'bumpVersion' | 'hide' | 'unreadTotal'
  >;
  /** The commit records its announcements in its transaction (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
}) {
  const { repo } = deps;
  return {
    /** DELETE /api/chat.php: off the member's list (the partner keeps it); it comes back when the partner writes again. */
    async remove(member: Pick<Viewer, 'profileId'>, conversationId: number): Promise<void> {
      await deps.outbox.transaction(async (tx, effects) => {
        const side = await repo.findMembership(member.profileId, conversationId, tx);
        if (!side || side.member.isHidden) throw conversationNotFound();
        await repo.lockInboxes([member.profileId], tx);
        const version = await repo.bumpVersion(member.profileId, tx);
        await repo.hide(conversationId, member.profileId, side.conversation.lastSeq, version, tx);
        await recordInboxChanges(
          effects,
          [member.profileId],
          [
            {
              profileIds: [member.profileId],
              event: { type: 'conversation_removed', conversation_id: conversationId, version },
            },
            {
              profileIds: [member.profileId],
              event: { type: 'unread', unread_total: await repo.unreadTotal(member.profileId, tx) },
            },
          ],
        );
      });
    },

    /**
     * Unmatch (likes.unmatch): the pair's conversation leaves both members' lists in the caller's transaction, as
     * DELETE /api/chat.php does for one. It comes back when either writes again. Nothing when they never wrote.
     */
    async hidePair(a: number, b: number, tx: Executor, effects: Effects): Promise<void> {
      const conversation = await repo.findConversationByPair(a, b, tx);
      if (!conversation) return;
      await repo.lockInboxes([a, b], tx);
      const inboxes: number[] = [];
      const events: InboxEvent[] = [];
      for (const profileId of [a, b]) {
        const side = await repo.findMembership(profileId, conversation.id, tx);
        if (!side || side.member.isHidden) continue;
        const version = await repo.bumpVersion(profileId, tx);
        await repo.hide(conversation.id, profileId, side.conversation.lastSeq, version, tx);
        inboxes.push(profileId);
        events.push(
          {
            profileIds: [profileId],
            event: { type: 'conversation_removed', conversation_id: conversation.id, version },
          },
          { profileIds: [profileId], event: { type: 'unread', unread_total: await repo.unreadTotal(profileId, tx) } },
        );
      }
      if (inboxes.length) await recordInboxChanges(effects, inboxes, events);
    },
  };
}
export type ConversationRemoval = ReturnType<typeof createConversationRemoval>;
