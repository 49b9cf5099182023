// Signed, expiring URLs of chat photos: only the two members of a conversation are handed them (in chat.php and the
// socket), and the file route serves a URL only while its signature holds and it has not expired.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A URL stays valid at least this long; URLs are stable within a window so browsers can cache the image. */
export const CHAT_PHOTO_URL_MS = 60 * 60 * 1000;
export type ChatPhotoSize = 'full' | 'thumb';

export function createChatPhotoUrls(secret: Buffer, now: () => Date) {
  const mac = (messageId: number, size: ChatPhotoSize, expires: number) =>
    createHmac('sha256', secret).update(`chat-photo:${messageId}:${size}:${expires}`).digest().subarray(0, 16);
  return {
    sign(messageId: number, size: ChatPhotoSize): string {
      // Ends of the next window but one: valid between one and two windows from now.
      const expires = (Math.floor(now().getTime() / CHAT_PHOTO_URL_MS) + 2) * (CHAT_PHOTO_URL_MS / 1000);
      return `/api/chat-photo.php?m=${messageId}&s=${size}&e=${expires}&sig=${mac(messageId, size, expires).toString('base64url')}`;
    },
    /** True when the signature is this app's and the URL has not expired. */
    verify(messageId: number, size: ChatPhotoSize, expires: number, signature: string): boolean {
      if (expires * 1000 <= now().getTime()) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(messageId, size, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type ChatPhotoUrls = ReturnType<typeof createChatPhotoUrls>;
