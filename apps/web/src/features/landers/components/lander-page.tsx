// A landing page (the 9 landers and the member landings): the server's first view, adopted as it is when the document
// came with it (no second render, no layout shift), else fetched from landers.php; its calls to action open the signup
// modal (or a member's signup page) with the visit's tracking data kept, and the tinderswipe cards swipe.
import { Suspense, lazy, useEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoadingSkeleton } from '../../../components/loading-spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { isSignupModalAvailable, openSignupModal } from '../../../lib/signup-modal-store.ts';
import { captureTracking } from '../../../lib/tracking.ts';
import { paths } from '../../../config/paths.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useLander } from '../api/get-lander.ts';
import { useLanderDocument, useLanderView } from '../hooks/use-lander-view.ts';
import { findInjectedLander, normalizeLanderPath } from '../lib/injected-lander.ts';
import { swipeTopCard } from '../lib/lander-interactions.ts';

/** The same components the server renders, for a lander whose landers.php answer came without markup. */
const ClientLander = lazy(async () => ({ default: (await import('./client-lander.tsx')).ClientLander }));

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The route's element: one page per path, so moving between landers starts afresh. */
export function LanderRoute() {
  const { pathname } = useLocation();
  return <LanderPage key={normalizeLanderPath(pathname)} />;
}

/** Clicks on the server's markup (delegation): calls to action to the signup, Like and Pass to the swipe stack. */
function useLanderClicks(hostRef: RefObject<HTMLDivElement | null>) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLDivElement>) => {
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
}

export function LanderPage() {
  const { t } = useTranslation('landers');
  const location = useLocation();
  const settings = useSettings();
  const path = normalizeLanderPath(location.pathname);
  // Read during render (no side effects): the effect below moves the view into this page.
  const [injected] = useState(() => findInjectedLander(path));
  const query = useLander(path, location.search, !injected);
  const payload = injected?.payload ?? query.data?.lander;
  const hostRef = useRef<HTMLDivElement>(null);
  useLanderView(hostRef, injected, query.data, payload);
  useLanderDocument(payload, settings.languages);
  useEffect(() => captureTracking(location.search), [location.search]);
  const onClick = useLanderClicks(hostRef);

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
      <div ref={hostRef} className="lander-host" onClick={onClick}>
        {!injected && query.data && !query.data.html && (
          <Suspense fallback={null}>
            <ClientLander payload={query.data.lander} />
          </Suspense>
        )}
      </div>
    </>
  );
}
