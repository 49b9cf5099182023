// Pages whose index.html carries their first view, rendered by the web app's own server render (docs/first-view.md):
// the visitors' home, discovery, a member's page and the conversations. The app's API requests of that render are
// answered in-process, as this visitor (their cookies, their address, this site); the app's scripts then start after
// the view has loaded (plugins/web.plugin.ts, deferAppScripts) and the app takes the view over (web lib/first-view.ts).
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import {
  FIRST_VIEW_CLICKS_GLOBAL,
  FIRST_VIEW_ID,
  FIRST_VIEW_REPLAY_ATTRIBUTE,
  FIRST_VIEW_STATE_ID,
  type LayoutKind,
} from '@app/contracts';
import { LANGUAGE_COOKIE, TIME_ZONE_COOKIE, isTimeZone, pageLanguage, type UiLanguage } from '@app/i18n';
import { jsonForScript } from '../../lib/html.ts';
import { getTranslator } from '../../lib/i18n.ts';
import type { WebPage, WebPageParts } from '../../plugins/web.plugin.ts';
import { SITE_ENTRY_SCRIPT, siteEntryWarningFor } from '../landers/index.ts';

/** The paths with a first view, and the layout each shows (the entry warning's rules depend on it). */
export const FIRST_VIEW_PAGES: readonly { url: string; layout: LayoutKind }[] = [
  { url: '/', layout: 'default' },
  { url: '/members', layout: 'default' },
  { url: '/members/:id', layout: 'default' },
  { url: '/chats', layout: 'chat' },
];

/** What the web app's server render (apps/web/src/entry-server.tsx) takes and answers. */
type RenderFirstView = (request: {
  url: string;
  origin: string;
  language: UiLanguage;
  timeZone: string | undefined;
  settings: unknown;
  user: unknown;
  transport: (url: string, init: RequestInit) => Promise<Response>;
}) => Promise<{ html: string; state: unknown } | { redirect: string } | null>;

/**
 * Buttons pressed on the view before the app runs are kept (as child-index paths from the view) for the app, which
 * presses them again once it has taken the view over, and so are plain clicks on links the app handles itself
 * (FIRST_VIEW_REPLAY_ATTRIBUTE); other links work as links. The same text for every request, so the
 * content-security-policy allows it by its hash.
 */
export const FIRST_VIEW_CLICKS_SCRIPT =
  `(function(){var v=document.getElementById(${JSON.stringify(FIRST_VIEW_ID)});if(!v)return;var q=[];window[${JSON.stringify(FIRST_VIEW_CLICKS_GLOBAL)}]=q;` +
  `addEventListener('click',function(e){if(window[${JSON.stringify(FIRST_VIEW_CLICKS_GLOBAL)}]!==q||!v.isConnected)return;` +
  `var b=e.target&&e.target.closest?e.target.closest('button,[role="button"],input[type="submit"],[${FIRST_VIEW_REPLAY_ATTRIBUTE}]'):null;if(!b||!v.contains(b))return;` +
  `if(b.tagName==='A'&&(e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey))return;` +
  `e.preventDefault();var p=[];for(var n=b;n&&n!==v;n=n.parentElement)p.unshift(Array.prototype.indexOf.call(n.parentElement.children,n));q.push(p)},true)})()`;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/** What React writes before the page: its <title> and the resources it hoists (an image's preload, a style sheet). */
const HOISTED = /^(?:<title>([^<]*)<\/title>|<link [^>]*>|<meta [^>]*>)/;

/**
 * The hoisted elements taken out of the markup: the title as the document's (plain text), the others for the head,
 * so the view holds exactly what the app's root will (the app finds an element of the view in its copy by position).
 */
function takeHoisted(html: string): { title: string | undefined; head: string; body: string } {
  let title: string | undefined;
  let head = '';
  let body = html;
  for (let match = HOISTED.exec(body); match; match = HOISTED.exec(body)) {
    if (match[1] !== undefined)
      title = match[1].replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]!);
    else head += match[0];
    body = body.slice(match[0].length);
  }
  return { title, head, body };
}

/** One of the app's API requests, answered in-process as the visitor who asked for the page. */
async function answerAsVisitor(request: FastifyRequest, url: string, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', 'request-type': 'client' };
  for (const name of ['cookie', 'host', 'user-agent', 'accept-language'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const response = await request.server.inject({
    method: (init.method ?? 'GET') as HTTPMethods,
    url,
    headers,
    remoteAddress: request.ip,
  });
  return new Response(response.statusCode === 204 ? null : response.rawPayload, {
    status: response.statusCode,
    headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
  });
}

async function renderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  layout: LayoutKind,
  render: RenderFirstView,
  defaultParts: WebPageParts | null,
  screensCss: string,
): Promise<WebPageParts | null> {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  // As the browser's boot asks for them (web lib/settings, lib/session).
  const settingsQuery = new URLSearchParams(query);
  settingsQuery.set('forced-domain', request.hostname);
  const settingsAnswer = await answerAsVisitor(request, `/api/settings.php?${settingsQuery}`);
  if (!settingsAnswer.ok) return null;
  const settings = (await settingsAnswer.json()) as { settings: { domain_language?: string } };
  const userAnswer = await answerAsVisitor(request, '/api/user.php');
  if (!userAnswer.ok && userAnswer.status !== 403) return null;
  const user = userAnswer.ok ? ((await userAnswer.json()) as { user: unknown }).user : null;

  const language = pageLanguage(query.get('lang'), request.cookies[LANGUAGE_COOKIE], settings.settings.domain_language);
  const timeZone = request.cookies[TIME_ZONE_COOKIE];
  const view = await render({
    url: request.url,
    origin: `${request.protocol}://${request.host}`,
    language,
    // Written by the app (web lib/i18n.ts); without it (a first visit) times show in the server's zone.
    timeZone: isTimeZone(timeZone) ? timeZone : undefined,
    settings,
    user,
    transport: (url, init) => answerAsVisitor(request, url, init),
  });
  if (!view) return null;
  if ('redirect' in view) {
    await reply.redirect(view.redirect);
    return null;
  }
  const entryWarning = await siteEntryWarningFor(request, reply, layout, getTranslator(language));
  const { title, head, body } = takeHoisted(view.html);
  return {
    lang: language,
    title: title ?? defaultParts?.title,
    head:
      (defaultParts?.head ?? '') +
      head +
      // The app's root stays hidden while the view is there (they hold the same page); the screens' styles come
      // before their code does.
      `<style id="first-view-css">#${FIRST_VIEW_ID}~#root{display:none}${screensCss}</style>` +
      `<script type="application/json" id="${FIRST_VIEW_STATE_ID}">${jsonForScript(view.state)}</script>`,
    body: `<div id="${FIRST_VIEW_ID}">${body}</div>${entryWarning ?? ''}`,
    scriptsAfterLoad: true,
    inlineScripts: [FIRST_VIEW_CLICKS_SCRIPT, ...(entryWarning ? [SITE_ENTRY_SCRIPT] : [])],
  };
}

export const firstViewPages: WebPage[] = FIRST_VIEW_PAGES.map(({ url, layout }) => ({
  url,
  async render(request, reply, { defaultParts, release }) {
    const started = performance.now();
    let outcome = 'plain';
    try {
      const render = (await release.loadServerRender())?.renderFirstView as RenderFirstView | undefined;
      if (!render) return null;
      const parts = await renderPage(request, reply, layout, render, defaultParts, release.screensCss);
      if (parts) outcome = 'rendered';
      return parts;
    } catch (error) {
      outcome = 'failed';
      // The app renders the page itself, as on any other path.
      request.log.warn({ err: error, url: request.url }, 'first view failed');
      return null;
    } finally {
      request.server.metrics.renderSeconds.observe({ page: url, outcome }, (performance.now() - started) / 1000);
    }
  },
}));
