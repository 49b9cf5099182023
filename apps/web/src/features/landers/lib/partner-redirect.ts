// SPEC section 9's partner redirect: a site that takes no signups forwards would-be members to its partner, counting down.
import type { Tracking } from '@app/contracts';

/** Seconds the countdown page shows before forwarding (docs/landers.md): long enough to read it and to stay. */
export const PARTNER_REDIRECT_SECONDS = 5;

/** The partner's address with the visit's tracking data (network, ref, sub1 to sub3), which replace its own of those names. */
export function partnerUrlWithTracking(partnerUrl: string, tracking: Tracking): string | null {
  try {
    const url = new URL(partnerUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    for (const [key, value] of Object.entries(tracking)) if (value) url.searchParams.set(key, value);
    return url.toString();
  } catch {
    return null;
  }
}
