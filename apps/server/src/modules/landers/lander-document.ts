// What a landing page adds to index.html: title, description and Open Graph tags, its styles, its payload as JSON
// (escaped so no value can close the script element), and the first view's markup before the app's root element.
import type { LanderPayload } from '@app/contracts';
import { escapeHtml, jsonForScript } from '../../lib/html.ts';
import { SITE_ENTRY_SCRIPT } from './site-entry-markup.ts';

/**
 * The tinderswipe lander's Like and Pass buttons pressed before the app runs (it starts on the first touch, or a few
 * seconds after load: plugins/web.plugin.ts): kept in `window.__landerEarlyClicks` for the app, which clicks them
 * again once it has taken the view over (features/landers, `takeEarlyClicks`), so no press is lost.
 */
export const LANDER_EARLY_CLICKS_SCRIPT =
  `(function(){var q=[];window.__landerEarlyClicks=q;addEventListener('click',function(e){if(window.__landerEarlyClicks!==q)return;` +
  `var t=e.target,b=t&&t.closest?t.closest('[data-lander-swipe]'):null;if(b)q.push(b)},true)})()`;

/** The id of the JSON script element and of the prerendered view the web app adopts (features/landers). */
export const LANDER_DATA_ID = 'lander-data';
export const LANDER_VIEW_ID = 'lander-ssr';

export type LanderDocumentParts = {
  lang: string;
  title: string;
  head: string;
  body: string;
  scriptsAfterLoad: true;
  inlineScripts: readonly string[];
};

export function renderLanderDocument(options: {
  payload: LanderPayload;
  /** The page's canonical path (landers.service.ts, `LanderResult`). */
  canonicalPath: string;
  /** The page's content and the layout's logo bar, as the web app's render made them (lander-render.ts). */
  content: string;
  /** The preloads of the view's first photos, which React hoisted out of the content. */
  preloads: string;
  logoBar: string;
  /** The landers' style sheet (the web app's, on its design tokens). */
  css: string;
  siteName: string;
  origin: string;
  /** The entry warning's markup when this visitor must see it first (site-entry-markup.ts), else null. */
  entryWarning: string | null;
}): LanderDocumentParts {
  const { payload, origin } = options;
  const url = `${origin}${options.canonicalPath}`;
  const meta = [
    `<meta name="description" content="${escapeHtml(payload.texts.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(options.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(payload.texts.title)}">`,
    `<meta property="og:description" content="${escapeHtml(payload.texts.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:locale" content="${escapeHtml(payload.language.replace('-', '_'))}">`,
    options.preloads,
    payload.image ? `<meta property="og:image" content="${escapeHtml(payload.image)}">` : '',
    `<meta name="twitter:card" content="${payload.image ? 'summary_large_image' : 'summary'}">`,
    // The app shell stays hidden while the prerendered view shows; the lander page adopts the view and removes it. The
    // view lies over the (empty) root rather than above it, so the root never moves when the view goes: no layout shift.
    `<style id="lander-css">#${LANDER_VIEW_ID}{position:absolute;top:0;left:0;width:100%;z-index:1}#${LANDER_VIEW_ID}~#root [data-testid="app-shell"]{display:none}${options.css}</style>`,
    `<script type="application/json" id="${LANDER_DATA_ID}">${jsonForScript(payload)}</script>`,
  ];
  return {
    lang: payload.language,
    title: payload.texts.title,
    head: meta.filter(Boolean).join(''),
    // The first view is all here: the app's scripts wait until it has loaded (plugins/web.plugin.ts, deferAppScripts).
    scriptsAfterLoad: true,
    body: `<div id="${LANDER_VIEW_ID}" class="layout layout-lander d-flex flex-column min-vh-100">${options.logoBar}<main class="flex-grow-1 min-vh-100">${options.content}</main></div>${options.entryWarning ?? ''}`,
    inlineScripts: [
      ...(options.entryWarning ? [SITE_ENTRY_SCRIPT] : []),
      ...(payload.name === 'tinderswipe' ? [LANDER_EARLY_CLICKS_SCRIPT] : []),
    ],
  };
}
