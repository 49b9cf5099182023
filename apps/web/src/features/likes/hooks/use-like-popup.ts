// SPEC section 4: with `?t=<seconds>` in the URL the like pop-up opens after that many seconds and `t` leaves the URL.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LIKE_POPUP_PARAM, parseLikePopupDelay, removeLikePopupParam } from '../lib/like-popup.ts';

/**
 * Calls `onShow` once the delay has passed on this page; leaving the page first cancels it. `t` is removed
 * when the pop-up shows (removing it earlier would cancel the wait it describes).
 */
export function useLikePopupTrigger(onShow: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const delay = parseLikePopupDelay(new URLSearchParams(location.search).get(LIKE_POPUP_PARAM));
  const { pathname, search, hash, state } = location;

  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => {
      onShow();
      void navigate({ pathname, search: removeLikePopupParam(search), hash }, { replace: true, state });
    }, delay * 1000);
    return () => clearTimeout(timer);
  }, [delay, pathname, search, hash, state, navigate, onShow]);
}
