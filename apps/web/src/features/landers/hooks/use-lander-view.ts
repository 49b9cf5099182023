// What the lander page does with the server's view once the app runs (docs/landers.md): adopts its nodes, presses the
// swipe buttons pressed before the app ran, starts the decorative motion later, follows the lander's language and
// remembers where the browser located the visitor.
import { useEffect, useLayoutEffect, type RefObject } from 'react';
import type { LanderPayload } from '@app/contracts';
import type { UiLanguage } from '@app/i18n';
import { changeLanguage, i18next } from '../../../lib/i18n.ts';
import { ensureLanderStyles, type InjectedLander } from '../lib/injected-lander.ts';
import { takeEarlyClicks, writePlaceCookie } from '../lib/lander-interactions.ts';

/** Decorative motion (CSS animations of the landers) starts this long after the view is in place (docs/landers.md). */
export const LANDER_MOTION_DELAY_MS = 4000;

/** The server's view moved into `hostRef` (or landers.php's markup written there), then its early presses and motion. */
export function useLanderView(
  hostRef: RefObject<HTMLDivElement | null>,
  injected: InjectedLander | null,
  fetched: { html: string; css: string } | undefined,
  payload: LanderPayload | undefined,
): void {
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    if (injected) {
      // The same nodes, moved before the browser paints: images stay decoded, nothing shifts.
      if (injected.content.parentElement !== host) host.replaceChildren(injected.content);
      injected.container.remove();
    } else if (fetched?.html) {
      // Without markup (a server without the release's render) the page renders the lander itself (ClientLander).
      ensureLanderStyles(fetched.css);
      host.innerHTML = fetched.html;
    }
  }, [hostRef, injected, fetched]);

  useEffect(() => {
    // The Like and Pass presses made before the app ran (it starts on the first touch): the same buttons, pressed again
    // now that this page's handler hears them.
    const host = hostRef.current;
    if (!host || !injected) return;
    for (const button of takeEarlyClicks()) if (host.contains(button)) button.click();
  }, [hostRef, injected]);

  useEffect(() => {
    const host = hostRef.current;
    const isReduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!host || !payload || isReduced) return;
    const timer = setTimeout(() => host.querySelector('.ldr')?.classList.add('is-animated'), LANDER_MOTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hostRef, payload, fetched]);
}

/** The document's title, the interface's language when the slug chose it, and the visitor's place for the next lander. */
export function useLanderDocument(payload: LanderPayload | undefined, languages: readonly string[]): void {
  useEffect(() => {
    if (!payload) return;
    document.title = payload.texts.title;
    // A slug's language is the traffic source's choice for this visitor: the interface follows it.
    if (
      payload.is_language_from_slug &&
      payload.language !== i18next.language &&
      languages.includes(payload.language)
    ) {
      void changeLanguage(payload.language as UiLanguage);
    }
  }, [payload, languages]);

  useEffect(() => {
    // The place the browser located the visitor in during the last hour orders the next landers near them.
    let isCurrent = true;
    void import('../../../lib/geolocation.ts').then(({ readCachedGeocode }) => {
      const geocode = isCurrent ? readCachedGeocode() : null;
      if (geocode) writePlaceCookie(geocode);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
}
