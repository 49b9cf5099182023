// A stored message as a member sees it (chat.php, a send's answer, the socket): their own client id, and photo URLs
// signed for that member (chat-photo-urls.ts); a photo the receiver gets blurred (docs/safety.md) comes as its blurred
// copy, with the reason.
import type { ChatMessage, ChatPhotoBlurReason, GiftKey } from '@app/contracts';
import type { MessageRow } from '../../db/schema/index.ts';
import type { ChatPhotoUrls } from './chat-photo-urls.ts';

/** Photo messages the viewer receives blurred, and why (safety's chat photo blur). */
export type BlurredPhotos = ReadonlyMap<number, ChatPhotoBlurReason>;
const NONE: BlurredPhotos = new Map();

/** What the chat asks safety (built in the composition root): the received photos of a page the viewer gets blurred. */
export type PhotoBlur = {
  blurredFor: (
    viewer: { userId: number; profileId: number },
    partnerProfileId: number,
    photoMessages: { id: number; senderProfileId: number | null }[],
  ) => Promise<BlurredPhotos>;
};

export function createMessageView(photoUrls: Pick<ChatPhotoUrls, 'sign'>) {
  return function toMessage(row: MessageRow, viewerProfileId: number, blurred: BlurredPhotos = NONE): ChatMessage {
    const blurReason = blurred.get(row.id) ?? null;
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
              url: photoUrls.sign(row.id, blurReason ? 'blur' : 'full', viewerProfileId),
              thumb_url: photoUrls.sign(row.id, blurReason ? 'blur' : 'thumb', viewerProfileId),
              blurred: blurReason !== null,
              blur_reason: blurReason,
              width: row.photoWidth ?? 0,
              height: row.photoHeight ?? 0,
            }
          : null,
      gift: row.kind === 'gift' ? (row.giftKey as GiftKey) : null,
      created_at: row.createdAt.toISOString(),
    };
  };
}
