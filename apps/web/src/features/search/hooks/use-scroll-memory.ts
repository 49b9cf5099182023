// Keeps a list's scroll position per history entry: going back (browser Back) to the list returns to where the member was.
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { readItem, writeItem } from '../../../lib/storage.ts';

/**
 * Remembers `window.scrollY` for this history entry while the list is shown, and on a Back or Forward (POP) to the
 * entry scrolls there again once `isReady` (the cached pages are rendered, so the page is tall enough). A new visit
 * (PUSH) starts at the top. The router has no scroll restoration of its own; this is the list's.
 */
export function useScrollMemory(name: string, isReady: boolean) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const storageKey = `${name}:${location.key}`;
  const hasRestored = useRef(false);

  // A layout effect: its cleanup runs before the next page's first layout effects, which may scroll to the top.
  useLayoutEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        writeItem(storageKey, String(Math.round(window.scrollY)), 'session');
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [storageKey]);

  // A new visit starts at the top, not where the previous page was scrolled to.
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo({ top: 0, behavior: 'instant' });
    // Only when the list is entered, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  useLayoutEffect(() => {
    if (hasRestored.current || !isReady) return;
    hasRestored.current = true;
    const saved = navigationType === 'POP' ? Number(readItem(storageKey, 'session')) : 0;
    if (saved > 0) window.scrollTo({ top: saved, behavior: 'instant' });
  }, [isReady, navigationType, storageKey]);
}
