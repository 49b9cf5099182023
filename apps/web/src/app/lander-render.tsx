// The server's render of a landing page's first view (docs/landers.md): the landers feature's components, rendered to
// static markup by React's server renderer, and the landers' style sheet as text for the page's inline style. The
// server (apps/server, modules/landers) calls these through entry-server.tsx with its own translator, fixed to the
// lander's language; nothing here is hydrated (the app adopts the nodes).
import { renderToStaticMarkup } from 'react-dom/server';
import type { TFunction } from 'i18next';
import type { LanderPayload } from '@app/contracts';
import { LANDER_CSS, LanderLogoBar, LanderView } from '../features/landers/index.ts';

/** The landers' styles, on the app's design tokens, as one text (the landers feature's sheets, in their order). */
export { LANDER_CSS };

export type LanderRenderRequest = {
  payload: LanderPayload;
  siteName: string;
  t: TFunction;
  /** Where a lander's call to action leads without scripts: the signup page. */
  signupHref: string;
};

/** What React writes before the view: the preloads of its eager photos (`fetchPriority="high"`). */
const HOISTED = /^(?:<link [^>]*>)+/;

/**
 * The page's content, inside the lander layout's main element (every value escaped by React), and the preloads React
 * hoisted out of it (its first photos), for the document's head.
 */
export function renderLanderContent(request: LanderRenderRequest): { html: string; head: string } {
  const markup = renderToStaticMarkup(<LanderView {...request} />);
  const head = HOISTED.exec(markup)?.[0] ?? '';
  return { html: markup.slice(head.length), head };
}

/** The lander layout's logo bar, as the app's LogoBar renders it. */
export function renderLanderLogoBar(options: { siteName: string; navLabel: string; homeLabel: string }): string {
  return renderToStaticMarkup(<LanderLogoBar {...options} />);
}
