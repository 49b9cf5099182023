// Serves the built web app: hashed assets cached for a year, index.html for every other non-API path (with status 404
// where the app shows its 404 page: docs/web-shell.md, "Unknown pages").
// One release for the life of the process: `dist` is resolved to its release folder and index.html read once at
// start-up, so a build swapping `dist` to a new release (scripts/build-web.mjs) never mixes two releases here.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchWebRoute } from '@app/contracts';

/**
 * How long after `load` a page with its own first view starts the app when the visitor has not touched it
 * (`deferAppScripts`): the first seconds on a phone stay free for the view, its photos and scrolling.
 */
export const APP_START_IDLE_MS = 3000;

/** Vite writes content-hashed file names into this folder only; everything else may change under the same name. */
const HASHED_ASSETS_DIR = 'assets';
/** The release's server render of first views (scripts/build-web.mjs, docs/first-view.md): loaded here, never served. */
const SERVER_RENDER_ENTRY = 'server/entry-server.js';

/**
 * The status of index.html for a path: 404 where the app shows its 404 page (no route of its table, or a value the
 * table knows it does not have: `/pages/nosuch`, a `/{token}` that is no alias), else 200.
 */
export function pageStatus(url: string): 200 | 404 {
  return matchWebRoute(url.split('?')[0] ?? '') ? 200 : 404;
}

/** Paths that must never fall back to index.html: the API, and asset files that do not exist. */
function isNeverIndex(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith(`/${HASHED_ASSETS_DIR}/`);
}

/**
 * The content-security-policy's hashes of index.html's inline scripts (the colour theme before the first paint,
 * apps/web/index.html): those scripts run, no other inline script does.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => scriptHash(match[1]!));
}

/** The inline scripts are a few constant texts: each is hashed once, not for every page sent. */
const hashedScripts = new Map<string, string>();
function scriptHash(script: string): string {
  let hash = hashedScripts.get(script);
  if (!hash) {
    hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    if (hashedScripts.size < 100) hashedScripts.set(script, hash);
  }
  return hash;
}

/** The policy helmet set, with the inline scripts' hashes added to script-src. */
function allowInlineScripts(policy: unknown, hashes: string[]): unknown {
  if (typeof policy !== 'string' || hashes.length === 0) return policy;
  return policy.replace(
    /(^|;)script-src ([^;]*)/,
    (_all, start: string, sources: string) => `${start}script-src ${sources} ${hashes.join(' ')}`,
  );
}

/**
 * What a page adds to index.html: the document's language and title, elements for the head, markup before the root.
 * `scriptsAfterLoad`: the page's first view is in the HTML, so the app's scripts start only once it has loaded
 * (`deferAppScripts`).
 */
export type WebPageParts = {
  lang?: string;
  title?: string;
  head: string;
  body: string;
  scriptsAfterLoad?: boolean;
  /** Inline scripts written right after `body` (each runs where it stands); the policy allows exactly these by hash. */
  inlineScripts?: readonly string[];
  /**
   * Parts that many requests share (a visitor's first view from memory): the page is filled and compressed once per
   * key and kept while room allows, so a request for it costs a lookup, not a fill and a compression of 90 KB.
   */
  shareKey?: string;
  /** The browser's UI colour (`<meta name="theme-color">`), when the site has its own. */
  themeColor?: string;
  /** What the page adds to the visit it records (the lander and variant shown, or the member landing's member). */
  visit?: PageVisit;
  /**
   * The page's HTTP status when the page itself knows better than the route table (a first view of a member who does
   * not exist: 404); else 200, or 404 where the app's route table shows its 404 page.
   */
  status?: number;
};

/** A page's part of a visit (modules/traffic records visits; the web plugin only hands them over). */
export type PageVisit = { lander?: string; variant?: string | null; memberId?: number | null };

/** What every page of a site carries whatever the page: its own theme colours (modules/site-meta/site-theme-head.ts). */
export type SiteTheme = { css: string; themeColor: string };

/** A page's parts with the site's theme: its style first in the head (the page's own styles may build on it). */
export function withSiteTheme(parts: WebPageParts | null, theme: SiteTheme | null): WebPageParts | null {
  if (!theme) return parts;
  const page = parts ?? { head: '', body: '' };
  return {
    ...page,
    head: `<style id="site-theme">${theme.css}</style>${page.head}`,
    themeColor: theme.themeColor,
    // A shared page is the same for every visitor of one site, and a site's colours may change.
    ...(page.shareKey ? { shareKey: `${page.shareKey}\n${theme.themeColor}\n${theme.css}` } : {}),
  };
}

/** A shared page as sent: its text, and its brotli and gzip encodings (made off the event loop, in libuv's pool). */
type SharedPage = { text: string; br: Buffer; gzip: Buffer };
/** How long after its first request a shared page is compressed at the best levels. */
const BEST_ENCODING_DELAY_MS = 1000;
/** Shared pages kept per instance (about 130 KB each with their encodings). */
const SHARED_PAGES = 200;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding a request accepts that a shared page has: brotli before gzip, else none (`q=0` refuses). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((entry) => entry.trim().split(';'))
      .filter(([, quality]) => !/^\s*q=0(\.0*)?\s*$/.test(quality ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * index.html whose app scripts (the module entry and its modulepreload links) are requested by one inline loader at
 * the end of the body, on the visitor's first pointer, touch or key press or input (a field filled without a key, as
 * by autofill), or else `idleMs` after the page's `load`
 * event: a page whose first view the server wrote (the landers) paints it and its photos without the app's JavaScript
 * competing for a phone's bandwidth or main thread, and the app then boots and adopts the view. The loader is the same
 * for every request of a release, so its hash is allowed once (docs/landers.md, "Rendering").
 */
export function deferAppScripts(html: string, idleMs: number): string {
  const sources: string[] = [];
  const preloads: string[] = [];
  const stripped = html
    .replace(
      /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/g,
      (_tag, src: string) => (sources.push(src), ''),
    )
    .replace(
      /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">\s*/g,
      (_tag, href: string) => (preloads.push(href), ''),
    );
  if (sources.length === 0) return html;
  const loader =
    `(function(){var started=false;function go(){if(started)return;started=true;` +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});` +
    `${JSON.stringify(sources)}.forEach(function(u){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=u;document.head.appendChild(s)})}` +
    `['pointerdown','touchstart','keydown','input'].forEach(function(t){addEventListener(t,go,{capture:true,passive:true,once:true})});` +
    `function later(){requestAnimationFrame(function(){setTimeout(go,${Math.max(0, Math.round(idleMs))})})}` +
    `if(document.readyState==='complete')later();else addEventListener('load',later)})()`;
  return stripped.replace('</body>', () => `<script>${loader}</script></body>`);
}
declare module 'fastify' {
  interface FastifyInstance {
    /** The web release this instance serves (its server render included), when it serves the web app at all. */
    webRelease?: WebRelease;
  }
}

/** What a page's render may use of the release being served. */
export type WebRelease = {
  /** The web app's server render of first views (its module's exports), or null when the release has none. */
  loadServerRender: () => Promise<Record<string, unknown> | null>;
  /** Every style sheet of the app's code-split screens, in one text: a server-rendered screen's styles before its code. */
  screensCss: string;
};

/**
 * A path the server answers with index.html filled in for that page (the landing pages, modules/landers; the first
 * views, modules/first-view), so its content is in the HTML before any script runs. `render` answering null sends
 * index.html as every other page gets it (`defaultParts`).
 */
export type WebPage = {
  url: string;
  /**
   * `render` answering null means the page names nothing (a lander's unknown name, a landing of no such member): the
   * app shows its 404 page there, and the page is sent with status 404.
   */
  isNotFoundWhenNull?: boolean;
  render: (
    request: FastifyRequest,
    reply: FastifyReply,
    /** `defaultParts()`: what every other page carries, made when first asked (a page from memory never asks). */
    context: { defaultParts: () => WebPageParts | null; release: WebRelease },
  ) => Promise<WebPageParts | null>;
};

/** index.html with a page's parts; every part is markup the page escaped itself. */
export function fillIndexHtml(html: string, parts: WebPageParts): string {
  let filled = html;
  if (parts.lang) filled = filled.replace(/<html lang="[^"]*"/, () => `<html lang="${parts.lang}"`);
  if (parts.title !== undefined) {
    const title = parts.title.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
    filled = filled.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  }
  if (parts.themeColor)
    filled = filled.replace(
      /<meta name="theme-color" content="[^"]*"/,
      () => `<meta name="theme-color" content="${parts.themeColor}"`,
    );
  filled = filled.replace('</head>', () => `${parts.head}</head>`);
  const scripts = (parts.inlineScripts ?? []).map((script) => `<script>${script}</script>`).join('');
  return filled.replace('<div id="root"></div>', () => `${parts.body}${scripts}<div id="root"></div>`);
}

/** The code-split screens' style sheets (every .css of the release's assets but those index.html links), joined. */
function screenStyles(releaseDir: string, indexText: string): string {
  const assets = path.join(releaseDir, HASHED_ASSETS_DIR);
  if (!fs.existsSync(assets)) return '';
  return fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.css') && !indexText.includes(`/${HASHED_ASSETS_DIR}/${name}`))
    .sort()
    .map((name) => fs.readFileSync(path.join(assets, name), 'utf8'))
    .join('\n');
}

export type WebPluginOptions = {
  distDir: string;
  pages?: WebPage[];
  /** What every other page's index.html carries (language, title, description, alternates: modules/site-meta). */
  defaultPage?: (request: FastifyRequest) => WebPageParts | null;
  /** The site's own colours for every page, landers and first views included (null: the brand's, as built). */
  siteTheme?: (request: FastifyRequest) => SiteTheme | null;
  /**
   * Every page sent is offered as a visit (paid traffic records those with tracking data, and landers): called before
   * the page is sent, so it may set a cookie; it never makes the page wait for a write.
   */
  recordVisit?: (request: FastifyRequest, reply: FastifyReply, visit: PageVisit | null) => Promise<void>;
};

/**
 * A shared page's encodings: a quick pass first (brotli 4, gzip 4: a few milliseconds for a page of 90 KB), so the
 * first visitors of a new page never wait for the best one, which is made a second later (brotli 9, gzip 9, in
 * libuv's pool) and sent from then on.
 */
function createSharedPages(fill: (parts: WebPageParts) => string) {
  const sharedPages = new LRUCache<string, { quick: Promise<SharedPage>; best?: SharedPage }>({ max: SHARED_PAGES });
  const encode = (text: string, brotliQuality: number, gzipLevel: number): Promise<SharedPage> =>
    Promise.all([
      brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
      gzip(text, { level: gzipLevel }),
    ]).then(([br, gzipped]) => ({ text, br, gzip: gzipped }));
  return (key: string, parts: WebPageParts): Promise<SharedPage> => {
    let entry = sharedPages.get(key);
    if (!entry) {
      const text = fill(parts);
      const made: { quick: Promise<SharedPage>; best?: SharedPage } = { quick: encode(text, 4, 4) };
      entry = made;
      sharedPages.set(key, made);
      made.quick.catch(() => sharedPages.delete(key));
      // A second on: a burst of first visitors is answered before four compression threads compete with it for
      // the machine's cores.
      setTimeout(() => {
        encode(text, 9, 9).then(
          (best) => (made.best = best),
          () => undefined,
        );
      }, BEST_ENCODING_DELAY_MS).unref();
    }
    return entry.best ? Promise.resolve(entry.best) : entry.quick;
  };
}

/** The release's built files, one route each, with their cache headers. */
async function registerStaticFiles(app: FastifyInstance, releaseDir: string) {
  const hashedDir = path.join(releaseDir, HASHED_ASSETS_DIR) + path.sep;
  await app.register(fastifyStatic, {
    root: releaseDir,
    // One route per built file, found at start-up; unknown paths reach the index.html route below.
    wildcard: false,
    index: false,
    // index.html comes from memory (below), read once with the rest of this release. The .br and .gz files
    // the build wrote beside each asset are no routes of their own: they are sent for their original's route.
    globIgnore: ['index.html', '**/*.br', '**/*.gz', `${path.dirname(SERVER_RENDER_ENTRY)}/**`],
    // Brotli 11 or gzip 9 from the build when the browser accepts it, never compressed again per request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const isHashed = filePath.startsWith(hashedDir);
      reply.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

export const webPlugin = fp<WebPluginOptions>(
  async (app, { distDir, pages = [], defaultPage, siteTheme, recordVisit }) => {
    if (!fs.existsSync(path.join(distDir, 'index.html'))) {
      app.log.warn(
        `web app not built (${path.join(distDir, 'index.html')} missing): run "npm run build", or "npm run dev" for hot reload`,
      );
      return;
    }
    const releaseDir = fs.realpathSync(distDir);
    const indexHtml = fs.readFileSync(path.join(releaseDir, 'index.html'));
    const indexText = indexHtml.toString('utf8');
    const scriptHashes = inlineScriptHashes(indexText);
    const deferredIndexText = deferAppScripts(indexText, APP_START_IDLE_MS);
    // Only the pages that carry the loader allow its hash.
    const deferredScriptHashes = inlineScriptHashes(deferredIndexText);
    /** index.html for a page (as built when it adds nothing), with the policy allowing exactly the inline scripts it carries. */
    const fill = (parts: WebPageParts) => fillIndexHtml(parts.scriptsAfterLoad ? deferredIndexText : indexText, parts);
    const sharedPage = createSharedPages(fill);
    const sendPage = async (reply: FastifyReply, pageParts: WebPageParts | null) => {
      if (recordVisit) {
        try {
          await recordVisit(reply.request, reply, pageParts?.visit ?? null);
        } catch (error) {
          // A visit not recorded never costs the visitor the page.
          reply.request.log.error({ err: error }, 'visit not recorded');
        }
      }
      const parts = withSiteTheme(pageParts, siteTheme?.(reply.request) ?? null);
      const hashes = [
        ...(parts?.scriptsAfterLoad ? deferredScriptHashes : scriptHashes),
        ...(parts?.inlineScripts ?? []).map(scriptHash),
      ];
      reply.header('content-security-policy', allowInlineScripts(reply.getHeader('content-security-policy'), hashes));
      // Private: a page may carry the member's own data (a first view), and a shared cache must never keep one.
      reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
      if (parts?.shareKey) {
        const page = await sharedPage(parts.shareKey, parts);
        const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
        reply.header('vary', 'accept-encoding');
        if (!encoding) return reply.send(page.text);
        return reply.header('content-encoding', encoding).send(page[encoding]);
      }
      return reply.send(parts ? fill(parts) : indexHtml);
    };
    const serverRenderPath = path.join(releaseDir, SERVER_RENDER_ENTRY);
    let serverRender: Promise<Record<string, unknown> | null> | undefined;
    const release: WebRelease = {
      loadServerRender: () =>
        (serverRender ??= fs.existsSync(serverRenderPath)
          ? (import(pathToFileURL(serverRenderPath).href) as Promise<Record<string, unknown>>)
          : Promise.resolve(null)),
      screensCss: screenStyles(releaseDir, indexText),
    };
    // The API's answers that carry a page's first view (landers.php) render it with the same release.
    app.decorate('webRelease', release);
    // The server render loads once the instance listens (off the path to listen): the first visitor of a page with a
    // first view does not wait for the module to load.
    app.addHook('onListen', () => {
      setImmediate(() => void release.loadServerRender().catch(() => undefined));
    });
    await registerStaticFiles(app, releaseDir);
    // Client-side routing: the app decides what a path shows, including its own 404 page, which is sent with status 404
    // (crawlers must not index it as a page, monitoring must see a broken link); the app starts on it as on any page.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      // A missing chunk must fail as a missing chunk (the client then reloads), not load the HTML as JavaScript.
      if (isNeverIndex(request.url)) return reply.callNotFound();
      return sendPage(reply.code(pageStatus(request.url)), defaultPage?.(request) ?? null);
    });
    // Pages whose index.html carries their content: more specific than '/*', so the router prefers them.
    for (const page of pages) {
      app.get(page.url, { schema: { hide: true } }, async (request, reply) => {
        let made: { parts: WebPageParts | null } | undefined;
        const defaultParts = () => (made ??= { parts: defaultPage?.(request) ?? null }).parts;
        const parts = await page.render(request, reply, { defaultParts, release });
        // A render may have answered itself (a redirect).
        if (reply.sent) return reply;
        reply.code(parts?.status ?? (!parts && page.isNotFoundWhenNull ? 404 : pageStatus(request.url)));
        return sendPage(reply, parts ?? defaultParts());
      });
    }
  },
  { name: 'web' },
);
