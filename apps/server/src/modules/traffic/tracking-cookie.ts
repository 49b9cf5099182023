// The signed first-party tracking cookie (docs/traffic.md): the visitor's first-touch record id, its site, when it
// ends, and the lander variants the visitor was shown. HttpOnly; a value whose signature does not match is ignored.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

export type TrackingCookie = {
  visitorId: string;
  siteId: number;
  /** Unix seconds: the first touch is forgotten then (the site's tracking_cookie_days after it). */
  expiresAt: number;
  /** lander name -> variant key: a visitor keeps the variant of their first touch. */
  variants: Record<string, string>;
};

const VERSION = 'v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VARIANTS = /^(?:[a-z]{1,30}-[a-z0-9]{1,12}(?:_[a-z]{1,30}-[a-z0-9]{1,12}){0,19})?$/;

export function createTrafficCookies(secret: Buffer) {
  // The key object made once: a Buffer key would be turned into one for every cookie.
  const key = createSecretKey(secret);
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url').slice(0, 27);
  return {
    /** The cookie's value (only characters a cookie may carry unquoted). */
    write(cookie: TrackingCookie): string {
      const variants = Object.entries(cookie.variants)
        .slice(0, 20)
        .map(([lander, variant]) => `${lander}-${variant}`)
        .join('_');
      const payload = [VERSION, cookie.visitorId, cookie.siteId, cookie.expiresAt, variants].join('.');
      return `${payload}.${sign(payload)}`;
    },
    /** The cookie, or null when it is missing, forged, of another site or ended. */
    read(value: string | undefined, siteId: number, nowSeconds: number): TrackingCookie | null {
      if (!value || value.length > 1000) return null;
      const parts = value.split('.');
      if (parts.length !== 6 || parts[0] !== VERSION) return null;
      const [, visitorId, site, expires, variants, signature] = parts as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const expected = Buffer.from(sign(parts.slice(0, 5).join('.')));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!UUID.test(visitorId) || !VARIANTS.test(variants)) return null;
      const expiresAt = Number(expires);
      if (Number(site) !== siteId || !Number.isSafeInteger(expiresAt) || expiresAt <= nowSeconds) return null;
      return {
        visitorId,
        siteId,
        expiresAt,
        variants: Object.fromEntries(
          variants
            .split('_')
            .filter(Boolean)
            .map((entry) => entry.split('-') as [string, string]),
        ),
      };
    },
  };
}
export type TrackingCookies = ReturnType<typeof createTrafficCookies>;
