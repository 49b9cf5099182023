// One-click unsubscribe links (RFC 8058): a signed, expiring token naming the member and the notification type,
// so the link works without a login and cannot be forged or altered (docs/notifications.md).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '@app/contracts';

/** A link stays valid this long after the mail was sent: mails are read late, and unsubscribing must still work. */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 90 * 24 * 60 * 60_000;

export type UnsubscribeClaim = { userId: number; type: NotificationType };
export type UnsubscribeVerdict = { ok: true; claim: UnsubscribeClaim } | { ok: false; reason: 'invalid' | 'expired' };

export function createUnsubscribeTokens(secret: Buffer, now: () => Date) {
  const sign = (payload: string) => createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
  return {
    create(claim: UnsubscribeClaim): string {
      const expires = Math.floor((now().getTime() + UNSUBSCRIBE_TOKEN_TTL_MS) / 1000);
      const payload = `${claim.userId}.${claim.type}.${expires}`;
      return `${payload}.${sign(payload)}`;
    },
    verify(token: string): UnsubscribeVerdict {
      const match = /^([1-9][0-9]{0,9})\.([a-z_]{1,40})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return { ok: false, reason: 'invalid' };
      const [, userId, type, expires, signature] = match as unknown as [string, string, string, string, string];
      const expected = Buffer.from(sign(`${userId}.${type}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'invalid' };
      if (!(NOTIFICATION_TYPES as readonly string[]).includes(type)) return { ok: false, reason: 'invalid' };
      if (Number(expires) * 1000 <= now().getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, claim: { userId: Number(userId), type: type as NotificationType } };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
