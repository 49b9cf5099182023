// Whether the site runs as an installed app (display-mode standalone, or iOS home-screen mode).
import { useSyncExternalStore } from 'react';

const STANDALONE_QUERY = '(display-mode: standalone)';

export function isStandalone(target: Window = window): boolean {
  const isIosStandalone = (target.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return isIosStandalone || (typeof target.matchMedia === 'function' && target.matchMedia(STANDALONE_QUERY).matches);
}

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(STANDALONE_QUERY);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

export function useIsStandalone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isStandalone(),
    () => false,
  );
}
