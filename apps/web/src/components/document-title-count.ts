// SPEC section 4: the page title starts with "(n) ", the sum of what is new (unread messages and new likes); the same
// sum is the app badge where the browser has one (navigator.setAppBadge; failures are ignored, SPEC section 8).
import { useEffect } from 'react';

const PREFIX = /^\(\d+\) /;
const counts = new Map<string, number>();
let observer: MutationObserver | null = null;
let appBadge: number | null = null;

type BadgeNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/** The installed app's badge shows the total; a browser without badges, or one that refuses, changes nothing. */
export function applyAppBadge(
  total: number,
  nav: BadgeNavigator | undefined = typeof navigator === 'undefined' ? undefined : navigator,
): void {
  if (!nav || total === appBadge) return;
  appBadge = total;
  try {
    const result = total > 0 ? nav.setAppBadge?.(total) : (nav.clearAppBadge?.() ?? nav.setAppBadge?.(0));
    void result?.catch(() => undefined);
  } catch {
    // Not allowed here (no installed app, a sandboxed frame): the title still shows the count.
  }
}

export function getTitleCountTotal(): number {
  let total = 0;
  for (const count of counts.values()) total += Math.max(0, count);
  return total;
}

/** The title with the count in front (or without one when nothing is new). */
export function withTitleCount(title: string, total: number): string {
  const base = title.replace(PREFIX, '');
  return total > 0 ? `(${total}) ${base}` : base;
}

function applyTitleCount(): void {
  const next = withTitleCount(document.title, getTitleCountTotal());
  if (document.title !== next) document.title = next;
}

/**
 * Pages set their own <title> (React renders it into the head); a watch on the head puts the count back
 * in front whenever a page changes the title. Writing the same text again does not trigger another change.
 */
function watchTitle(): void {
  if (observer || typeof MutationObserver === 'undefined') return;
  observer = new MutationObserver(() => applyTitleCount());
  observer.observe(document.head, { subtree: true, childList: true, characterData: true });
}

export function setTitleCount(source: string, count: number): void {
  if (count > 0) counts.set(source, count);
  else counts.delete(source);
  if (counts.size > 0) watchTitle();
  applyTitleCount();
  applyAppBadge(getTitleCountTotal());
  if (counts.size === 0) {
    observer?.disconnect();
    observer = null;
  }
}

/** Adds `count` to the title while the calling component is mounted. */
export function useDocumentTitleCount(source: string, count: number): void {
  useEffect(() => {
    setTitleCount(source, count);
    return () => setTitleCount(source, 0);
  }, [source, count]);
}
