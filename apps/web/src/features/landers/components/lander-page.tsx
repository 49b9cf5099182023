// A landing page (the 9 landers and the member landings): the server's first view, adopted as it is when the document
// came with it (no second render, no layout shift), else fetched from landers.php; its calls to action open the signup
// modal (or a member's signup page) with the visit's tracking data kept, and the tinderswipe cards swipe.
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { UiLanguage } from '@app/i18n';
import { LoadingSkeleton } from '../../../components/loading-spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { changeLanguage, i18next } from '../../../lib/i18n.ts';
import { isSignupModalAvailable, openSignupModal } from '../../../lib/signup-modal-store.ts';
import { captureTracking } from '../../../lib/tracking.ts';
import { paths } from '../../../config/paths.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useLander } from '../api/get-lander.ts';
import { ensureLanderStyles, findInjectedLander, normalizeLanderPath } from '../lib/injected-lander.ts';
import { swipeTopCard, takeEarlyClicks, writePlaceCookie } from '../lib/lander-interactions.ts';

/** Decorative motion (CSS animations of the landers) starts this long after the view is in place (docs/landers.md). */
export const LANDER_MOTION_DELAY_MS = 4000;

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The route's element: one page per path, so moving between landers starts afresh. */
export function LanderRoute() {
  const { pathname } = useLocation();
  return <LanderPage key={normalizeLanderPath(pathname)} />;
}

export function LanderPage() {
  const { t } = useTranslation('landers');
  const location = useLocation();
  const navigate = useNavigate();
  const settings = useSettings();
  const path = normalizeLanderPath(location.pathname);
  // Read during render (no side effects): the effect below moves the view into this page.
  const [injected] = useState(() => findInjectedLander(path));
  const query = useLander(path, location.search, !injected);
  const payload = injected?.payload ?? query.data?.lander;
  const hostRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    if (injected) {
      // The same nodes, moved before the browser paints: images stay decoded, nothing shifts.
      if (injected.content.parentElement !== host) host.replaceChildren(injected.content);
      injected.container.remove();
    } else if (query.data) {
      ensureLanderStyles(query.data.css);
      host.innerHTML = query.data.html;
    }
  }, [injected, query.data]);

  useEffect(() => {
    // The Like and Pass presses made before the app ran (it starts on the first touch): the same buttons, pressed again
    // now that this page's handler hears them.
    const host = hostRef.current;
    if (!host || !injected) return;
    for (const button of takeEarlyClicks()) if (host.contains(button)) button.click();
  }, [injected]);

  useEffect(() => {
    const host = hostRef.current;
    const isReduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!host || !payload || isReduced) return;
    const timer = setTimeout(() => host.querySelector('.ldr')?.classList.add('is-animated'), LANDER_MOTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [payload, query.data]);

  useEffect(() => captureTracking(location.search), [location.search]);

  useEffect(() => {
    if (!payload) return;
    document.title = payload.texts.title;
    // A slug's language is the traffic source's choice for this visitor: the interface follows it.
    if (
      payload.is_language_from_slug &&
      payload.language !== i18next.language &&
      settings.languages.includes(payload.language)
    ) {
      void changeLanguage(payload.language as UiLanguage);
    }
  }, [payload, settings.languages]);

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

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    const signup = target.closest<HTMLAnchorElement>('a[data-lander-signup]');
    if (signup && isPlainClick(event)) {
      event.preventDefault();
      const href = new URL(signup.href, window.location.origin);
      if (signup.dataset.landerSignup === 'member') navigate(`${href.pathname}${href.search}`);
      else if (isSignupModalAvailable()) openSignupModal();
      else navigate(`${paths.signup.getHref()}${href.search}`);
      return;
    }
    const swipe = target.closest<HTMLElement>('[data-lander-swipe]');
    if (swipe && hostRef.current && !swipeTopCard(hostRef.current, swipe.dataset.landerSwipe === 'like')) {
      // Nothing left to swipe: the buttons lead on, like the match card's call to action.
      if (isSignupModalAvailable()) openSignupModal();
      else navigate(paths.signup.getHref());
    }
  };

  // No such lander or member: the route's error page says 404.
  if (query.error instanceof ApiError && query.error.status === 404) throw query.error;
  if (!injected && query.isError) {
    return (
      <div className="container py-5 text-center">
        <p role="alert">{t('page.error')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          {t('page.retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      {!payload && <LoadingSkeleton label={t('page.loading')} />}
      {/* The server's markup has its own links and buttons (keyboard included); their clicks are handled here. */}
      <div ref={hostRef} className="lander-host" onClick={onClick} />
    </>
  );
}
