// What the landers' server-made markup does once the app runs: the swipe cards, and the place the browser located the
// visitor in, remembered for the server's ordering of the next lander (a cookie, one hour like the position itself).
import type { Geocode } from '@app/contracts';
import { writeCookie } from '../../../lib/cookies.ts';

/**
 * The server reads it (modules/landers PLACE_COOKIE): `NL.NH`, or `NL` without a region, then `|` and the town
 * geocode.php named (`NL.NH|Amsterdam`), which the server locates itself to show the nearest profiles first.
 */
export const PLACE_COOKIE = 'geo_place';

/** SPEC section 9's hour (GEOLOCATION_MAX_AGE_MS, checked equal in the tests) without loading the contracts' zod here. */
export const PLACE_MAX_AGE_SECONDS = 3600;

export function placeCookieValue(geocode: Pick<Geocode, 'country' | 'region' | 'city'>): string {
  const place =
    geocode.region && /^[A-Za-z0-9-]{1,6}$/.test(geocode.region)
      ? `${geocode.country}.${geocode.region}`
      : geocode.country;
  const city = geocode.city
    .replace(/[\p{Cc}|]/gu, '')
    .trim()
    .slice(0, 80);
  return city ? `${place}|${city}` : place;
}

export function writePlaceCookie(geocode: Pick<Geocode, 'country' | 'region' | 'city'>): void {
  writeCookie(PLACE_COOKIE, placeCookieValue(geocode), PLACE_MAX_AGE_SECONDS);
}

declare global {
  interface Window {
    /** Swipe buttons pressed before the app ran, kept by the server's inline script (modules/landers, lander-document.ts). */
    __landerEarlyClicks?: HTMLElement[];
  }
}

/**
 * The buttons pressed before the app ran, in order, and the end of the server script's keeping them: from now on the
 * page's own click handler hears every press.
 */
export function takeEarlyClicks(): HTMLElement[] {
  const clicks = window.__landerEarlyClicks ?? [];
  window.__landerEarlyClicks = undefined;
  return clicks;
}

/**
 * Swipes the top card of the tinderswipe stack away (liked or passed) and gives the next one to assistive technology.
 * Answers whether a card was left to swipe; none left shows the match card behind them.
 */
export function swipeTopCard(root: HTMLElement, isLike: boolean): boolean {
  const remaining = [...root.querySelectorAll<HTMLElement>('[data-lander-card]')].filter(
    (card) => !card.classList.contains('is-liked') && !card.classList.contains('is-noped'),
  );
  // The stack is written bottom card first: the top card is the last one.
  const top = remaining.at(-1);
  if (!top) return false;
  top.classList.add(isLike ? 'is-liked' : 'is-noped');
  top.setAttribute('aria-hidden', 'true');
  const next = remaining.at(-2);
  if (next) next.removeAttribute('aria-hidden');
  else {
    // The last card is gone: the match card behind the stack shows, and keyboard users land on its call to action.
    root.querySelector('[data-lander-stack]')?.classList.add('is-done');
    root.querySelector<HTMLElement>('.ldr-swipe-match .ldr-cta')?.focus();
  }
  return true;
}
