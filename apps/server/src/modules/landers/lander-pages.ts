// The landing pages' index.html (docs/landers.md): the lander's first view written by the server before any script
// runs, rendered once per key and shared by every visitor who gets the same page (lib/render-cache.ts). The key is
// what changes the page: the site, the language, where the visitor is, the lander variant, and the page's address
// without click ids and campaign tags (docs/traffic.md), so ad clicks never split the cache. The entry warning depends
// on the visitor's country (`?country=`, which stays in the address: it is no tracking key; else the cookie, else
// GeoIP) and session, so it is decided per request and a view keeps one document per warning state.
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Histogram } from 'prom-client';
import { getTranslator } from '../../lib/i18n.ts';
import { pageAddress } from '../../lib/page-address.ts';
import { createRenderCache } from '../../lib/render-cache.ts';
import type { EventBus } from '../../plugins/bus/index.ts';
import type { PageVisit, WebPage, WebPageParts, WebRelease } from '../../plugins/web.plugin.ts';
import { renderLanderDocument } from './lander-document.ts';
import { landerRendererOf, renderLanderContent, type LanderRenderer, type RenderedContent } from './lander-render.ts';
import { visitOf } from './landers.routes.ts';
import { parseLanderPath, type LanderResult, type LanderVisit } from './landers.service.ts';
import { siteEntryWarningFor } from './site-entry-markup.ts';

/** The landing pages' paths, answered with index.html carrying their payload and first view. */
export const LANDER_PAGE_URLS = [
  '/landers/:lander',
  '/landers/:lander/:slug',
  '/members/:id/landing',
  '/members/:id/landing2',
  '/members/:id/landing2/:slug',
  '/members/:id/landing3',
  '/members/:id/landing3/:slug',
];

/** Renders of landing pages running at once per instance; past it a page is sent plain (the app asks landers.php). */
const MAX_RENDERS = 4;
const CACHE_ENTRIES = 500;
/** Long enough to absorb any burst of ad clicks, short enough that a member who withdrew from ads leaves them soon. */
const DEFAULT_CACHE_MS = 30_000;
/** A landing page renders in a few milliseconds (a few indexed reads and a template); a visitor waits this long at most. */
const DEFAULT_WAIT_MS = 30;

/**
 * On a lander, a call to action followed before the app runs carries the page's own query to the signup page (the
 * tracking values a link from an ad brought), without them being written into the page that every visitor shares.
 * The same text for every request: the policy allows it by its hash.
 */
export const LANDER_SIGNUP_LINKS_SCRIPT =
  `(function(){function f(e){var a=e.target&&e.target.closest?e.target.closest('a[data-lander-signup]'):null;` +
  `if(a&&location.search&&!a.search)a.search=location.search}` +
  `['click','auxclick','contextmenu'].forEach(function(t){addEventListener(t,f,true)})})()`;

/**
 * A rendered landing page (its payload and the web app's render of it), and its documents made so far (one with the
 * entry warning's markup, one without): what a request from memory needs is then a lookup, not a new JSON payload,
 * render and head per request.
 */
type CachedLander = LanderResult & {
  id: string;
  content: RenderedContent;
  documents: Map<string, ReturnType<typeof renderLanderDocument>>;
};

/** Where the visitor is, as far as the page's profiles depend on it (docs/landers.md, "Near the visitor"). */
function placeKey(visit: LanderVisit): string {
  const { site, knownPlace, geoipCountry } = visit;
  if (knownPlace && site.countries.includes(knownPlace.country))
    return `${knownPlace.country}.${knownPlace.region ?? ''}|${knownPlace.city ?? ''}`;
  return geoipCountry && site.countries.includes(geoipCountry) ? geoipCountry : '';
}

/** The lander experiment's variant this visit shows, and what the page adds to the visit it records. */
async function variantOf(request: FastifyRequest, target: NonNullable<ReturnType<typeof parseLanderPath>>) {
  const { landerExperiments, traffic } = request.server.services;
  const variant =
    target.kind === 'lander'
      ? await landerExperiments.choose(request.site.id, target.name, traffic.visitorOf(request)?.variants[target.name])
      : null;
  const pageVisit: PageVisit =
    target.kind === 'lander' ? { lander: target.name, variant: variant?.key ?? null } : { memberId: target.memberId };
  return { variant, pageVisit };
}

/** The page's document for this visitor's entry-warning state: made once per view and state. */
async function documentOf(
  request: FastifyRequest,
  reply: Parameters<WebPage['render']>[1],
  result: CachedLander,
  renderer: LanderRenderer | null,
): Promise<WebPageParts> {
  const common = getTranslator(result.payload.language as Parameters<typeof getTranslator>[0]);
  const entryWarning = await siteEntryWarningFor(request, reply, 'lander', common);
  // The same for every visitor of this view and warning (the site and the language are the view's key's).
  let document = result.documents.get(entryWarning ?? '');
  if (!document) {
    const siteName = request.site.name;
    const navLabel = common('nav.label');
    const homeLabel = common('nav.home', { name: siteName });
    document = renderLanderDocument({
      entryWarning,
      payload: result.payload,
      content: result.content.html,
      preloads: result.content.head,
      logoBar: renderer?.renderLanderLogoBar({ siteName, navLabel, homeLabel }) ?? '',
      css: renderer?.LANDER_CSS ?? '',
      canonicalPath: result.canonicalPath,
      siteName,
      origin: request.siteOrigin,
    });
    result.documents.set(entryWarning ?? '', document);
  }
  return {
    ...document,
    inlineScripts: [...document.inlineScripts, LANDER_SIGNUP_LINKS_SCRIPT],
    shareKey: `${result.id}\n${entryWarning ? 'warning' : ''}`,
  };
}

export function createLanderWebPages(options: {
  /** `site.changed` empties the cache on every instance; after the bus was down nothing kept is trusted. */
  bus: Pick<EventBus, 'subscribe' | 'isLive' | 'onResync'>;
  isTrackingKey: (key: string) => boolean;
  renderSeconds: Pick<Histogram<'page' | 'outcome'>, 'observe'>;
  cacheMs?: number;
  waitMs?: number;
}): WebPage[] {
  const cache = createRenderCache<CachedLander>({
    max: CACHE_ENTRIES,
    ttlMs: options.cacheMs ?? DEFAULT_CACHE_MS,
    waitMs: options.waitMs ?? DEFAULT_WAIT_MS,
  });
  let renders = 0;
  options.bus.subscribe('site.changed', () => cache.clear());
  // A member banned, hidden, deleted, renamed or with a photo changed leaves landers and landings at once.
  options.bus.subscribe('member.shown', () => cache.clear());
  options.bus.onResync(() => cache.clear());

  async function render(
    request: FastifyRequest,
    pathname: string,
    renderer: LanderRenderer | null,
  ): Promise<{ result: CachedLander | 'busy' | null; visit: PageVisit; isCached?: boolean }> {
    const target = parseLanderPath(pathname);
    if (!target) return { result: null, visit: {} };
    const { variant, pageVisit } = await variantOf(request, target);
    const visit = visitOf(request);
    const key = [
      request.site.id,
      visit.cookieLanguage ?? '',
      placeKey(visit),
      variant?.key ?? '',
      pageAddress(request.url, options.isTrackingKey),
    ].join('\n');
    const outcome = await cache.render(
      key,
      async () => {
        renders += 1;
        try {
          const result = await request.server.services.landers.render(pathname, visit, variant);
          if (!result) return null;
          const content = renderLanderContent(renderer, result, request.site.name);
          return { ...result, content, id: randomUUID(), documents: new Map() };
        } finally {
          renders -= 1;
        }
      },
      () => renders < MAX_RENDERS,
      options.bus.isLive(),
      target.kind,
    );
    if (outcome === 'busy' || outcome === null) return { result: outcome, visit: pageVisit };
    return { result: outcome.view, visit: pageVisit, isCached: outcome.isCached };
  }

  return LANDER_PAGE_URLS.map((url) => ({
    url,
    async render(
      request,
      reply,
      { defaultParts, release }: { defaultParts: () => WebPageParts | null; release: WebRelease },
    ) {
      const started = performance.now();
      let outcome: 'rendered' | 'cached' | 'busy' | 'plain' = 'plain';
      try {
        const renderer = await landerRendererOf(release);
        const { result, visit, isCached } = await render(request, request.url.split('?')[0]!, renderer);
        // Busy: the plain page (the app asks landers.php), but the visit still counts as this lander's.
        if (result === 'busy') return ((outcome = 'busy'), { ...(defaultParts() ?? { head: '', body: '' }), visit });
        if (!result) return null;
        outcome = isCached ? 'cached' : 'rendered';
        return { ...(await documentOf(request, reply, result, renderer)), visit };
      } finally {
        options.renderSeconds.observe({ page: url, outcome }, (performance.now() - started) / 1000);
      }
    },
  }));
}
