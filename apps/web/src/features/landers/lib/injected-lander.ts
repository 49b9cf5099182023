// The landing page the server put into index.html (modules/landers): its payload in a JSON script element and its first
// view before the app's root, which the lander page adopts instead of rendering it again (docs/landers.md).
import type { LanderPayload } from '@app/contracts';

export const LANDER_DATA_ID = 'lander-data';
export const LANDER_VIEW_ID = 'lander-ssr';
const LANDER_CSS_ID = 'lander-css';

export type InjectedLander = { payload: LanderPayload; container: HTMLElement; content: HTMLElement };

/** A lander's path as the server names it: no trailing slash. */
export function normalizeLanderPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** The server's view of `path`, when this document was served for it and the view is still there. Reads only. */
export function findInjectedLander(path: string, doc: Document = document): InjectedLander | null {
  const container = doc.getElementById(LANDER_VIEW_ID);
  const content = container?.querySelector<HTMLElement>('[data-lander-path]');
  const script = doc.getElementById(LANDER_DATA_ID);
  if (!container || !content || !script || content.dataset.landerPath !== path) return null;
  try {
    const payload = JSON.parse(script.textContent ?? '') as LanderPayload;
    return payload.path === path ? { payload, container, content } : null;
  } catch {
    return null;
  }
}

/** The landers' styles, for a lander whose document did not come with them. */
export function ensureLanderStyles(css: string, doc: Document = document): void {
  if (doc.getElementById(LANDER_CSS_ID)) return;
  const style = doc.createElement('style');
  style.id = LANDER_CSS_ID;
  style.textContent = css;
  doc.head.append(style);
}
