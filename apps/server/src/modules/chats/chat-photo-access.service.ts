// Who may fetch a chat photo: its signed URLs (chat-photo-urls.ts) and the stored files behind them, checked at every
// fetch against the conversation and blocks (docs/chat.md, "Chat photos").
import type { ChatPhotoUrls } from './chat-photo-urls.ts';
import type { ChatsRepository } from './chats.repository.ts';

export function createChatPhotoAccess(deps: {
  repo: Pick<ChatsRepository, 'findPhotoKeys' | 'findMember' | 'findBlockDirection'>;
  photoUrls: ChatPhotoUrls;
}) {
  const { repo } = deps;
  return {
    photoUrls: deps.photoUrls,

    /** The stored photo of a message, for a signed URL's request. */
    async findPhotoKeys(messageId: number) {
      return repo.findPhotoKeys(messageId);
    },

    /**
     * The stored photo of a message for the member its URL was signed for, checked at every fetch: only while that
     * member is still in the conversation and neither blocked the other (a block revokes URLs handed out before it).
     */
    async findViewablePhotoKeys(messageId: number, viewerProfileId: number) {
      const photo = await repo.findPhotoKeys(messageId);
      if (!photo) return undefined;
      const membership = await repo.findMember(viewerProfileId, photo.conversationId);
      if (!membership) return undefined;
      if (await repo.findBlockDirection(viewerProfileId, membership.partnerProfileId)) return undefined;
      return photo;
    },
  };
}
export type ChatPhotoAccess = ReturnType<typeof createChatPhotoAccess>;
