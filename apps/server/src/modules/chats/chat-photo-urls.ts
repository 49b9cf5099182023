// Signed, expiring URLs of chat photos: each member of a conversation is handed URLs signed for them (in chat.php and
// the socket), and the file route serves a URL only while its signature holds, it has not expired, and that member
// may still see the photo (still in the conversation, no block either way): a block revokes URLs handed out before.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A URL stays valid at least this long; URLs are stable within a window so browsers can cache the image. */
export const CHAT_PHOTO_URL_MS = 60 * 60 * 1000;
export type ChatPhotoSize = 'full' | 'thumb' | 'blur';

export function createChatPhotoUrls(secret: Buffer, now: () => Date) {
  const mac = (messageId: number, size: ChatPhotoSize, viewerProfileId: number, expires: number) =>
    createHmac('sha256', secret)
      .update(`chat-photo:${messageId}:${size}:${viewerProfileId}:${expires}`)
      .digest()
      .subarray(0, 16);
  return {
    /** A URL for `viewerProfileId`: every fetch checks that this member may still see the photo. */
    sign(messageId: number, size: ChatPhotoSize, viewerProfileId: number): string {
      // Ends of the next window but one: valid between one and two windows from now.
      const expires = (Math.floor(now().getTime() / CHAT_PHOTO_URL_MS) + 2) * (CHAT_PHOTO_URL_MS / 1000);
      const signature = mac(messageId, size, viewerProfileId, expires).toString('base64url');
      return `/api/chat-photo.php?m=${messageId}&s=${size}&v=${viewerProfileId}&e=${expires}&sig=${signature}`;
    },
    /** True when the signature is this app's for that viewer and the URL has not expired. */
    verify(
      messageId: number,
      size: ChatPhotoSize,
      viewerProfileId: number,
      expires: number,
      signature: string,
    ): boolean {
      if (expires * 1000 <= now().getTime()) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(messageId, size, viewerProfileId, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type ChatPhotoUrls = ReturnType<typeof createChatPhotoUrls>;
