// A stored message as a member sees it (chat.php, a send's answer, the socket): their own client id, and photo URLs
// signed for that member (chat-photo-urls.ts).
import type { ChatMessage, GiftKey } from '@app/contracts';
import type { MessageRow } from '../../db/schema/index.ts';
import type { ChatPhotoUrls } from './chat-photo-urls.ts';

export function createMessageView(photoUrls: Pick<ChatPhotoUrls, 'sign'>) {
  return function toMessage(row: MessageRow, viewerProfileId: number): ChatMessage {
    return {
      id: row.id,
      conversation_id: row.conversationId,
      seq: row.seq,
      client_id: row.senderProfileId === viewerProfileId ? row.clientId : null,
      sender_id: row.senderProfileId ?? 0,
      is_mine: row.senderProfileId === viewerProfileId,
      kind: row.kind,
      body: row.kind === 'text' ? row.body : null,
      photo:
        row.kind === 'photo' && row.photoKey && row.photoThumbKey
          ? {
              url: photoUrls.sign(row.id, 'full', viewerProfileId),
              thumb_url: photoUrls.sign(row.id, 'thumb', viewerProfileId),
              width: row.photoWidth ?? 0,
              height: row.photoHeight ?? 0,
            }
          : null,
      gift: row.kind === 'gift' ? (row.giftKey as GiftKey) : null,
      created_at: row.createdAt.toISOString(),
    };
  };
}
