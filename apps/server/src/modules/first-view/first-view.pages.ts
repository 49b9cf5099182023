// Pages whose index.html carries their first view, rendered by the web app's own server render (docs/first-view.md):
// the visitors' home, discovery, a member's page and the conversations. The app's API requests of that render are
// answered in-process, as this visitor (their cookies, their address, this site); the app's scripts then start after
// the view has loaded (plugins/web.plugin.ts, deferAppScripts) and the app takes the view over (web lib/first-view.ts).
import { randomUUID } from 'node:crypto';
import type { FastifyRequest, HTTPMethods } from 'fastify';
import {
  FIRST_VIEW_CLICKS_GLOBAL,
  FIRST_VIEW_ID,
  FIRST_VIEW_PRESSED_ATTRIBUTE,
  FIRST_VIEW_REPLAY_ATTRIBUTE,
  FIRST_VIEW_STATE_ID,
  type LayoutKind,
} from '@app/contracts';
import { LANGUAGE_COOKIE, TIME_ZONE_COOKIE, isTimeZone, pageLanguage, type UiLanguage } from '@app/i18n';
import { jsonForScript } from '../../lib/html.ts';
import { getTranslator } from '../../lib/i18n.ts';
import type { WebPage, WebPageParts } from '../../plugins/web.plugin.ts';
import type { EventBus } from '../../plugins/bus/index.ts';
import { lookupCountry } from '../../lib/geoip.ts';
import { createRenderCache } from '../../lib/render-cache.ts';
import { pageAddress } from '../../lib/page-address.ts';
import type { Histogram } from 'prom-client';
import { SITE_ENTRY_SCRIPT, siteEntryWarningFor } from '../landers/index.ts';

/** The paths with a first view, and the layout each shows (the entry warning's rules depend on it). */
export const FIRST_VIEW_PAGES: readonly { url: string; layout: LayoutKind }[] = [
  { url: '/', layout: 'default' },
  { url: '/members', layout: 'default' },
  { url: '/members/:id', layout: 'default' },
  { url: '/chats', layout: 'chat' },
];

/** Visitors' views kept per instance (hosts × languages × time zones × countries × addresses seen). */
const VISITOR_CACHE_ENTRIES = 500;
const DEFAULT_VISITOR_CACHE_MS = 30_000;
/**
 * How long a visitor waits for a render (theirs or another visitor's): a warm render of the home page takes 30 to
 * 110 ms on a quiet instance; past this the plain page is sent at once (the render goes on and fills the cache), so
 * a burst of visitors on a cold page never queues behind it (bench/ad-traffic).
 */
const DEFAULT_WAIT_MS = 30;
/**
 * The web app renders one page at a time (entry-server.tsx): one rendering and one waiting. A page asked for beyond
 * that would only queue (a render is 3 to 30 ms of this instance's only thread, requests of every kind wait behind
 * it), so it is sent plain and the browser's app renders it.
 */
const DEFAULT_MAX_RENDERS = 2;
/**
 * The share of an instance's time renders may take (measured over about the last second or two); past it a page is
 * sent plain. Half: under a burst of first views, the API and the other pages keep at least the other half.
 */
const MAX_RENDER_SHARE = 0.5;

/**
 * What the web app's server render (apps/web/src/entry-server.tsx) takes and answers; `status` when the page says it
 * names nothing (a member who does not exist: 404).
 */
type RenderFirstView = (request: {
  url: string;
  origin: string;
  language: UiLanguage;
  timeZone: string | undefined;
  settings: unknown;
  user: unknown;
  transport: (url: string, init: RequestInit) => Promise<Response>;
}) => Promise<{ html: string; state: unknown; status?: number } | { redirect: string } | null>;

/**
 * Buttons pressed on the view before the app runs are kept (as child-index paths from the view) for the app, which
 * presses them again once it has taken the view over, and so are plain clicks on links the app handles itself
 * (FIRST_VIEW_REPLAY_ATTRIBUTE); other links work as links. A pressed button shows it at once (FIRST_VIEW_PRESSED_ATTRIBUTE,
 * PRESSED_EARLY_CSS, and aria-busy): the tap's first visible response does not wait for the app. A link followed
 * with a plain click shows it the same way while the browser loads the next page (its first view), and looks as
 * before again when the page comes back from the back-forward cache. The same text for every request, so the
 * content-security-policy allows it by its hash.
 */
/**
 * How a button pressed before the app ran looks until the app has taken over (dimmed, a little smaller, waiting), and
 * a followed link until the next page shows (dimmed, a little smaller). A card's link stretches over the whole card
 * (Bootstrap's stretched-link, only the name is its text): the card shows it.
 */
const PRESSED_EARLY_CSS =
  `#${FIRST_VIEW_ID} [${FIRST_VIEW_PRESSED_ATTRIBUTE}]{opacity:.55;transform:scale(.92);cursor:progress}` +
  `#${FIRST_VIEW_ID} a[${FIRST_VIEW_PRESSED_ATTRIBUTE}]:not(.stretched-link),` +
  `#${FIRST_VIEW_ID} .card:has(.stretched-link[${FIRST_VIEW_PRESSED_ATTRIBUTE}]){opacity:.7;transform:scale(.98)}` +
  `#${FIRST_VIEW_ID} .stretched-link[${FIRST_VIEW_PRESSED_ATTRIBUTE}]{opacity:1;transform:none}`;

export const FIRST_VIEW_CLICKS_SCRIPT =
  `(function(){var v=document.getElementById(${JSON.stringify(FIRST_VIEW_ID)});if(!v)return;var q=[];window[${JSON.stringify(FIRST_VIEW_CLICKS_GLOBAL)}]=q;` +
  `var P=${JSON.stringify(FIRST_VIEW_PRESSED_ATTRIBUTE)};` +
  `addEventListener('click',function(e){if(window[${JSON.stringify(FIRST_VIEW_CLICKS_GLOBAL)}]!==q||!v.isConnected)return;` +
  `var m=e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey;` +
  `var b=e.target&&e.target.closest?e.target.closest('button,[role="button"],input[type="submit"],[${FIRST_VIEW_REPLAY_ATTRIBUTE}]'):null;` +
  `if(!b||!v.contains(b)){var a=e.target&&e.target.closest?e.target.closest('a[href]'):null;` +
  `if(a&&v.contains(a)&&!m&&!a.target)a.setAttribute(P,'');return}` +
  `if(b.tagName==='A'&&m)return;` +
  `e.preventDefault();b.setAttribute(P,'');b.setAttribute('aria-busy','true');` +
  `var p=[];for(var n=b;n&&n!==v;n=n.parentElement)p.unshift(Array.prototype.indexOf.call(n.parentElement.children,n));q.push(p)},true);` +
  `addEventListener('pageshow',function(e){if(e.persisted)Array.prototype.forEach.call(v.querySelectorAll('a['+P+']'),function(a){a.removeAttribute(P)})})})()`;

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
  // A turn of the event loop between the render's requests: what arrived meanwhile is answered (pages from memory,
  // the waiters' budgets running out) instead of waiting for the whole render.
  await new Promise((resolve) => setImmediate(resolve));
  const headers: Record<string, string> = { accept: 'application/json', 'request-type': 'client' };
  for (const name of ['cookie', 'host', 'user-agent'] as const) {
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

/**
 * The page's view and head, without what differs per visitor (the entry warning, added per request). `address` is
 * the page's path and query without click ids and campaign tags (lib/page-address.ts): no visit's id is rendered
 * into a page another visitor may get.
 */
async function renderPage(
  request: FastifyRequest,
  address: string,
  render: RenderFirstView,
  defaultParts: WebPageParts | null,
  screensCss: string,
): Promise<CachedView | { redirect: string } | null> {
  const query = new URLSearchParams(address.split('?')[1] ?? '');
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
    url: address,
    origin: request.siteOrigin,
    language,
    // Written by the app (web lib/i18n.ts); without it (a first visit) times show in the server's zone.
    timeZone: isTimeZone(timeZone) ? timeZone : undefined,
    settings,
    user,
    transport: (url, init) => answerAsVisitor(request, url, init),
  });
  if (!view || 'redirect' in view) return view;
  const { title, head, body } = takeHoisted(view.html);
  return {
    lang: language,
    title: title ?? defaultParts?.title,
    head:
      (defaultParts?.head ?? '') +
      head +
      // The app's root stays hidden while the view is there (they hold the same page); the screens' styles come
      // before their code does.
      `<style id="first-view-css">#${FIRST_VIEW_ID}~#root{display:none}${PRESSED_EARLY_CSS}${screensCss}</style>` +
      `<script type="application/json" id="${FIRST_VIEW_STATE_ID}">${jsonForScript(view.state)}</script>`,
    view: body,
    id: randomUUID(),
    scriptsAfterLoad: true,
    // Kept with the view: a member who does not exist answers 404 from memory too, without asking the database again.
    ...(view.status ? { status: view.status } : {}),
  };
}

/** The session cookie's names (plugins/session): `__Host-sid` on https, `sid` on http. */
const SESSION_COOKIES = ['sid', '__Host-sid'];

export type FirstViewPagesOptions = {
  /** `site.changed` empties the visitors' cache on every instance. */
  bus: Pick<EventBus, 'subscribe' | 'isLive' | 'onResync'>;
  /** Render time per page and outcome (plugins/metrics). */
  renderSeconds: Pick<Histogram<'page' | 'outcome'>, 'observe'>;
  /** How long a visitor's view is served from memory: the faces on the home page change as members come and go. */
  visitorCacheMs?: number;
  /** Renders running or waiting at once; a page asked for beyond that is sent plain and the app renders it. */
  maxRenders?: number;
  /** How long a visitor waits for a render under way before the plain page is sent (the render goes on). */
  waitMs?: number;
  /** Click ids and campaign tags: never part of a view's key, nor of the address it is rendered for. */
  isTrackingKey: (key: string) => boolean;
};

/** A visitor's view as rendered: the same for every visitor of a host, language, time zone, country and address. */
type CachedView = Omit<WebPageParts, 'body' | 'shareKey'> & { view: string; id: string };

/**
 * How much rendering this instance may do: at most `maxRenders` at once, and renders' share of its time lately.
 * `timed` counts a render in; `wouldQueue` says a new one should not start (the page is then sent plain).
 */
function createRenderBudget(maxRenders: number) {
  let renders = 0;
  // Time spent rendering, decaying by half every second: `spent × ln 2 / 1000` is the share of this instance's time
  // renders took lately. Past MAX_RENDER_SHARE a page is sent plain, so requests of every other kind keep the rest.
  let spent = 0;
  let spentAt = performance.now();
  const decay = (now: number) => {
    spent *= 0.5 ** ((now - spentAt) / 1000);
    spentAt = now;
  };
  const wouldQueue = () => {
    decay(performance.now());
    return renders >= maxRenders || (spent * Math.LN2) / 1000 > MAX_RENDER_SHARE;
  };
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    renders += 1;
    const started = performance.now();
    try {
      return await work();
    } finally {
      renders -= 1;
      const now = performance.now();
      decay(now);
      spent += now - started;
    }
  };
  return { wouldQueue, timed };
}

export function createFirstViewPages(options: FirstViewPagesOptions): WebPage[] {
  const maxRenders = options.maxRenders ?? DEFAULT_MAX_RENDERS;
  const visitorViews = createRenderCache<CachedView | { redirect: string }>({
    max: VISITOR_CACHE_ENTRIES,
    ttlMs: options.visitorCacheMs ?? DEFAULT_VISITOR_CACHE_MS,
    waitMs: options.waitMs ?? DEFAULT_WAIT_MS,
  });
  const { wouldQueue, timed } = createRenderBudget(maxRenders);
  // A site's settings or a new site change what its pages show: forgotten everywhere (sites change rarely).
  options.bus.subscribe('site.changed', () => visitorViews.clear());
  // A member banned, hidden, deleted, renamed or with a photo changed leaves every kept view at once (the faces on the
  // home page); such changes are rare beside visits, and the views render again within their wait budget.
  options.bus.subscribe('member.shown', () => visitorViews.clear());
  // Events may have been missed while the bus was down: nothing kept from before is trusted.
  options.bus.onResync(() => visitorViews.clear());

  return FIRST_VIEW_PAGES.map(({ url, layout }) => ({
    url,
    async render(request, reply, { defaultParts, release }) {
      const started = performance.now();
      let outcome: 'rendered' | 'cached' | 'busy' | 'plain' | 'failed' = 'plain';
      const address = pageAddress(request.url, options.isTrackingKey);
      const renderView = async (): Promise<CachedView | { redirect: string } | null> => {
        // A render never waits for I/O (its API requests are answered in-process, the embedded database runs in this
        // thread): without a turn of the event loop here, requests that arrived meanwhile would not be read before it
        // ends, and would only queue behind it. Read now, they find the renders under way and are sent plain.
        await new Promise((resolve) => setImmediate(resolve));
        const render = (await release.loadServerRender())?.renderFirstView as RenderFirstView | undefined;
        if (!render) return null;
        return renderPage(request, address, render, defaultParts(), release.screensCss);
      };
      const isVisitor = SESSION_COOKIES.every((name) => !request.cookies[name]);
      try {
        let view: CachedView | { redirect: string } | null;
        /** Set for a visitor's view: the filled page is then shared by every visitor who gets the same one. */
        let shareKey: string | undefined;
        if (isVisitor) {
          // While the bus may be missing events, a view from memory could be stale: render.
          const result = await visitorViews.render(
            await visitorKey(request, address),
            () => timed(renderView),
            () => !wouldQueue(),
            options.bus.isLive(),
            url,
          );
          if (result === 'busy') return ((outcome = 'busy'), null);
          if (result?.isCached) outcome = 'cached';
          view = result?.view ?? null;
          // A redirect (a members-only page) is the same for every visitor too.
          if (view && !('redirect' in view)) shareKey = `${view.id}\n`;
        } else {
          if (wouldQueue()) return ((outcome = 'busy'), null);
          view = await timed(renderView);
        }
        if (!view) return null;
        if ('redirect' in view) {
          await reply.redirect(view.redirect);
          return null;
        }
        if (outcome !== 'cached') outcome = 'rendered';
        const entryWarning = await siteEntryWarningFor(request, reply, layout, getTranslator(view.lang as UiLanguage));
        const { view: markup, id: _id, ...parts } = view;
        return {
          ...parts,
          shareKey: shareKey && `${shareKey}${entryWarning ? 'warning' : ''}`,
          body: `<div id="${FIRST_VIEW_ID}">${markup}</div>${entryWarning ?? ''}`,
          inlineScripts: [FIRST_VIEW_CLICKS_SCRIPT, ...(entryWarning ? [SITE_ENTRY_SCRIPT] : [])],
        };
      } catch (error) {
        outcome = 'failed';
        // The app renders the page itself, as on any other path.
        request.log.warn({ err: error, url: request.url }, 'first view failed');
        return null;
      } finally {
        options.renderSeconds.observe({ page: url, outcome }, (performance.now() - started) / 1000);
      }
    },
  }));
}

/**
 * What a visitor's view depends on besides the page: the site, the language the page will speak, the
 * time zone it shows times in, and the country the home page's faces are chosen near (search.homeMembers).
 */
async function visitorKey(request: FastifyRequest, address: string): Promise<string> {
  const query = new URLSearchParams(address.split('?')[1] ?? '');
  const language = pageLanguage(query.get('lang'), request.cookies[LANGUAGE_COOKIE], request.site.domainLanguage);
  const timeZone = request.cookies[TIME_ZONE_COOKIE];
  const country = (await lookupCountry(request.ip)) ?? '';
  // The site, not the Host header: any number of made-up hosts that fall back to the default site share its views.
  return [request.site.id, language, isTimeZone(timeZone) ? timeZone : '', country, address].join('\n');
}
