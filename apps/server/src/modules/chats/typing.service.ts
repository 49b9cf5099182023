// Typing hints over the member socket: best effort, never stored, only in conversations the member can write in.
import type { Realtime } from '../../plugins/realtime/index.ts';
import type { Viewer } from '../member-core/index.ts';
import type { ChatsRepository } from './chats.repository.ts';

export function createTypingService(deps: {
  repo: Pick<ChatsRepository, 'findMember' | 'findBlockDirection'>;
  /** Typing hints only (never stored): published directly, not through the outbox. */
  realtime: Pick<Realtime, 'publish'>;
}) {
  const { repo } = deps;
  return {
    /** A typing hint for the partner: best effort, never stored; ignored for conversations the member cannot write in. */
    async typing(member: Pick<Viewer, 'profileId'>, conversationId: number): Promise<void> {
      const side = await repo.findMember(member.profileId, conversationId);
      if (!side || (await repo.findBlockDirection(member.profileId, side.partnerProfileId))) return;
      await deps.realtime.publish([side.partnerProfileId], {
        type: 'typing',
        conversation_id: conversationId,
        profile_id: member.profileId,
      });
    },
  };
}
export type TypingService = ReturnType<typeof createTypingService>;
