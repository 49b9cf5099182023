import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertSite, type TestApp } from '../test-support/test-app.ts';
import { deferAppScripts, pageStatus } from './web.plugin.ts';

const THEME_SCRIPT = "document.documentElement.setAttribute('data-bs-theme','dark')";
const INDEX_HTML = `<!doctype html><html><head><meta name="theme-color" content="#ff6f61"><script>${THEME_SCRIPT}</script><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const SW_JS = "self.addEventListener('fetch', () => undefined);";
const APP_JS = `export const answer = 42;\n${'console.log("a fairly compressible line of JavaScript");\n'.repeat(200)}`;

describe('web app serving', () => {
  let app: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await fs.mkdir(path.join(distDir, 'assets'));
    await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await fs.writeFile(path.join(distDir, 'assets', 'app-abc123.js'), APP_JS);
    await fs.writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await fs.writeFile(path.join(distDir, 'sw.js'), SW_JS);
    app = await buildTestApp({ webDistDir: distDir }, { serveWeb: true });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(distDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 200],
    ['/members/42', 200],
    ['/pages/terms', 200],
    ['/no/such/page', 404],
  ])('answers %s with index.html (status %i), never cached stale nor shared', async (url, status) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    // index.html as built, with the page's head filled in (modules/site-meta, modules/landers).
    expect(response.body).toMatch(/^<!doctype html><html/);
    expect(response.body).toContain(
      `<script>${THEME_SCRIPT}</script><script type="module" src="/assets/app-abc123.js"></script>`,
    );
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  describe('unknown pages (docs/web-shell.md)', () => {
    const APP_PAGE = `<script type="module" src="/assets/app-abc123.js"></script>`;

    it.each([
      '/zzz-unknown-page',
      '/ZZZ-unknown-page?ref=ad',
      '/no/such/page',
      '/index.html',
      '/favicon.ico',
      '/pages/nosuch',
      '/likes/nosuch',
      '/members/7/nosuch',
      '/credits/1/card/extra',
      '/landers/nosuch',
      '/landers/video/one/two',
      '/members/999999/landing',
      '/members/999999/landing2/eng',
    ])('answers %s with status 404 and the app, which starts as on any page and shows its 404 page', async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      // The same page as any other: the app's scripts, its root, the policy allowing its inline script.
      expect(response.body).toContain(APP_PAGE);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
    });

    it.each([
      '/',
      '/members',
      '/members/',
      '/Members',
      '/pages/terms',
      '/pages/%66aq',
      '/terms',
      '/AGB?ref=x',
      '/klachten',
      '/login?redirectTo=%2Fchats',
      '/likes/liked-by',
      '/likes/m/5',
      '/chats/5',
      '/members/5/chat',
      '/members/5/signup',
      '/credits/3/ideal',
      '/transactions',
      '/reset-password/do',
      '/admin',
      '/admin/members/5',
      '/landers/video',
      '/landers/tinderswipe',
    ])('answers %s, a page of the route table, with status 200', async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    });

    it('leaves the files, the API, the health check and the service worker as they were', async () => {
      const worker = await app.inject({ url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.body).toBe(SW_JS);
      expect((await app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
      for (const url of ['/manifest.webmanifest', '/offline.html', '/robots.txt', '/healthz', '/api/settings.php'])
        expect((await app.inject({ url })).statusCode, url).toBe(200);
      const api = await app.inject({ url: '/api/zzz-unknown-page' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error.code).toBe('route_not_found');
    });

    it("reads a path as the app's router does: the query aside, percent-decoded, trailing slashes ignored", () => {
      expect(pageStatus('/pages/faq?lang=de')).toBe(200);
      expect(pageStatus('/PAGES/faq/')).toBe(200);
      // The page's name is the loader's to check, which does not ignore case (as `/{token}` aliases do).
      expect(pageStatus('/pages/FAQ')).toBe(404);
      expect(pageStatus('/FAQ')).toBe(200);
      expect(pageStatus('/%E0%A4%A')).toBe(404);
      expect(pageStatus('/pages/faq/more')).toBe(404);
      expect(pageStatus('/pages/fa%2Fq')).toBe(404);
    });
  });

  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const policy = String((await app.inject({ url: '/members' })).headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
    expect(/script-src [^;]*'unsafe-inline'/.test(policy)).toBe(false);
  });

  it('defers the app scripts of a page that carries its first view to its first touch or key, else a while after load', () => {
    const built = `<html><head><script>${THEME_SCRIPT}</script><script type="module" crossorigin src="/assets/index-a1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">\n</head><body><div id="root"></div></body></html>`;
    const deferred = deferAppScripts(built, 3000);
    expect(deferred).not.toContain('<script type="module"');
    expect(deferred).not.toContain('modulepreload" crossorigin href');
    expect(deferred).toContain(`<script>${THEME_SCRIPT}</script>`);
    const loader = /<script>([^<]*index-a1[^<]*)<\/script><\/body>/.exec(deferred)?.[1];
    expect(loader).toContain('"/assets/vendor-b2.js"');
    // Runs the loader in a stand-in document; answers what it appended, and the triggers it left.
    function standIn(readyState: string) {
      const appended: { tag: string; src?: string; href?: string; type?: string }[] = [];
      const listeners: Record<string, () => void> = {};
      const frames: (() => void)[] = [];
      const timers: { callback: () => void; ms: number }[] = [];
      new Function('document', 'addEventListener', 'requestAnimationFrame', 'setTimeout', loader!)(
        {
          readyState,
          createElement: (tag: string) => ({ tag }),
          head: { appendChild: (element: (typeof appended)[number]) => appended.push(element) },
        },
        (type: string, listener: () => void) => (listeners[type] = listener),
        (callback: () => void) => frames.push(callback),
        (callback: () => void, ms: number) => timers.push({ callback, ms }),
      );
      return { appended, listeners, frames, timers };
    }
    const expected = [
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/vendor-b2.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-a1.js' },
    ];
    // Untouched: nothing before `load`; then a frame, then the idle wait.
    const idle = standIn('interactive');
    expect(idle.appended).toEqual([]);
    idle.listeners.load!();
    idle.frames.shift()!();
    expect(idle.timers.map((timer) => timer.ms)).toEqual([3000]);
    expect(idle.appended).toEqual([]);
    idle.timers.shift()!.callback();
    expect(idle.appended).toEqual(expected);
    // A touch (or a key) starts it at once, and only once.
    const touched = standIn('complete');
    touched.listeners.pointerdown!();
    expect(touched.appended).toEqual(expected);
    touched.listeners.keydown!();
    touched.frames.shift()!();
    touched.timers.shift()!.callback();
    expect(touched.appended).toEqual(expected);
    expect(Object.keys(touched.listeners).sort()).toEqual(['input', 'keydown', 'pointerdown', 'touchstart']);
  });

  it("writes a site's own theme colours into its pages, and nothing for a site keeping the brand's", async () => {
    await insertSite(app, { domain: 'blue.example', name: 'Blue', themePrimary: '#1e6fd9', themeSecondary: '' });
    for (const url of ['/', '/members/42']) {
      const themed = await app.inject({ url, headers: { host: 'blue.example' } });
      const style = /<style id="site-theme">([^<]*)<\/style>/.exec(themed.body)?.[1];
      expect(style).toMatch(/^html:root\{--site-primary:#1e6fd9;--site-primary-rgb:30, 111, 217;/);
      // White reads on this blue (4.9:1), the brand's brown does not; the secondary stays the brand's.
      expect(style).toContain('--site-on-primary:#ffffff');
      expect(style).not.toContain('--site-secondary');
      expect(themed.body).toContain('<meta name="theme-color" content="#1e6fd9">');
      // Inline styles are allowed by the policy (helmet's default), so the rule applies.
      expect(String(themed.headers['content-security-policy'])).toMatch(/style-src [^;]*'unsafe-inline'/);
    }
    // The app gets the same colours with its settings (it applies them again on a change), the installed app its bar.
    const settings = await app.inject({ url: '/api/settings.php', headers: { host: 'blue.example' } });
    expect(settings.json().settings).toMatchObject({ theme_primary: '#1e6fd9', theme_secondary: '' });
    const manifest = await app.inject({ url: '/manifest.webmanifest', headers: { host: 'blue.example' } });
    expect(manifest.json().theme_color).toBe('#1e6fd9');
    const plain = await app.inject({ url: '/' });
    expect(plain.body).not.toContain('site-theme');
    expect(plain.body).toContain('<meta name="theme-color" content="#ff6f61">');
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(APP_JS);
  });

  it('revalidates unhashed public files', async () => {
    const response = await app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('compresses when Accept-Encoding allows, and only then', async () => {
    const gzipped = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(APP_JS);
    expect(gzipped.rawPayload.length).toBeLessThan(APP_JS.length / 4);

    const html = await app.inject({ url: '/members', headers: { 'accept-encoding': 'br, gzip' } });
    expect(html.headers['content-encoding']).toBe('br');

    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('sends the files the build compressed ahead of time (brotli 11, gzip 9) as they are, for the original route only', async () => {
    // @ts-expect-error: the build script is plain JavaScript without type declarations.
    const { precompress } = (await import('../../../../scripts/build-web.mjs')) as {
      precompress: (dir: string) => Promise<number>;
    };
    const preDir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-pre-'));
    await fs.mkdir(path.join(preDir, 'assets'));
    await fs.writeFile(path.join(preDir, 'index.html'), INDEX_HTML);
    await fs.writeFile(path.join(preDir, 'assets', 'app-abc123.js'), APP_JS);
    await fs.writeFile(path.join(preDir, 'assets', 'tiny-1.js'), 'export {};');
    expect(await precompress(preDir)).toBe(2);
    const [brFile, gzFile] = await Promise.all([
      fs.readFile(path.join(preDir, 'assets', 'app-abc123.js.br')),
      fs.readFile(path.join(preDir, 'assets', 'app-abc123.js.gz')),
    ]);
    expect(brotliDecompressSync(brFile).toString()).toBe(APP_JS);
    expect(gunzipSync(gzFile).toString()).toBe(APP_JS);
    // Too small to be worth it: no compressed copies.
    await expect(fs.stat(path.join(preDir, 'assets', 'tiny-1.js.br'))).rejects.toThrow();

    const pre = await buildTestApp({ webDistDir: preDir }, { serveWeb: true });
    try {
      const br = await pre.inject({
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.rawPayload.equals(brFile)).toBe(true);
      const gz = await pre.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.rawPayload.equals(gzFile)).toBe(true);
      const plain = await pre.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.body).toBe(APP_JS);
      expect((await pre.inject({ url: '/assets/app-abc123.js.br' })).statusCode).toBe(404);
    } finally {
      await pre.close();
      await fs.rm(preDir, { recursive: true, force: true });
    }
  });

  it('answers a missing asset with 404, not with the HTML app', async () => {
    const response = await app.inject({ url: '/assets/app-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('route_not_found');
  });

  it.each(['/api/unknown', '/api', '/api/'])('still answers %s with JSON 404', async (url) => {
    const response = await app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json().error.code).toBe('route_not_found');
  });

  it('still serves the API and the docs', async () => {
    expect((await app.inject({ url: '/api/settings.php' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/docs' })).headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('web app serving across a rebuild (dist swapped to a new release, as scripts/build-web.mjs does)', () => {
  const release = (hash: string) => ({
    html: `<!doctype html><html><head><script type="module" src="/assets/app-${hash}.js"></script></head><body></body></html>`,
    entry: `<script type="module" src="/assets/app-${hash}.js"></script>`,
    js: `export const release = '${hash}';`,
  });
  let root: string;
  const apps: TestApp[] = [];

  async function writeRelease(name: string, hash: string): Promise<string> {
    const dir = path.join(root, 'dist-releases', name);
    await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
    await fs.writeFile(path.join(dir, 'index.html'), release(hash).html);
    await fs.writeFile(path.join(dir, 'assets', `app-${hash}.js`), release(hash).js);
    return dir;
  }
  async function pointDistAt(dir: string): Promise<void> {
    await fs.symlink(path.relative(root, dir), path.join(root, 'dist.tmp'));
    await fs.rename(path.join(root, 'dist.tmp'), path.join(root, 'dist'));
  }
  /** What a browser loading a page gets: the page's entry script tag (the page's head is filled in) and that script. */
  async function loadPage(app: TestApp): Promise<{ entry: string; scriptStatus: number; script: string }> {
    const html = (await app.inject({ url: '/members' })).body;
    const entry = /<script type="module" src="[^"]+"><\/script>/.exec(html)?.[0] ?? '';
    const src = /src="([^"]+)"/.exec(entry)?.[1] ?? '';
    const script = await app.inject({ url: src });
    return { entry, scriptStatus: script.statusCode, script: script.body };
  }

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'web-releases-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('keeps serving the release it started with, index.html and assets alike; a new instance serves the new one', async () => {
    await pointDistAt(await writeRelease('1-old', 'aaa111'));
    const first = await buildTestApp({ webDistDir: path.join(root, 'dist') }, { serveWeb: true });
    apps.push(first);
    expect(await loadPage(first)).toEqual({
      entry: release('aaa111').entry,
      scriptStatus: 200,
      script: release('aaa111').js,
    });

    // A second `npm start` (or `npm run build`) from the same checkout builds a new release and swaps dist to it.
    await pointDistAt(await writeRelease('2-new', 'bbb222'));
    expect(await loadPage(first)).toEqual({
      entry: release('aaa111').entry,
      scriptStatus: 200,
      script: release('aaa111').js,
    });
    expect((await first.inject({ url: '/index.html' })).body).toContain(release('aaa111').entry);

    const second = await buildTestApp({ webDistDir: path.join(root, 'dist') }, { serveWeb: true });
    apps.push(second);
    expect(await loadPage(second)).toEqual({
      entry: release('bbb222').entry,
      scriptStatus: 200,
      script: release('bbb222').js,
    });
  });
});
