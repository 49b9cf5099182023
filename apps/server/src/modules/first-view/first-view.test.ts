// First views (docs/first-view.md) with a stand-in for the web app's server render: what the server gives it (settings,
// session, language, a transport answering as the visitor) and what it makes of the answer (the view before the root,
// its title, the state as safe JSON, deferred scripts, the policy, a redirect, a fallback when the render fails).
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildTestApp, insertSite, type TestApp } from '../../test-support/test-app.ts';
import { signUp } from '../../test-support/accounts.ts';
import { createMember } from '../../test-support/members.ts';
import { FIRST_VIEW_CLICKS_SCRIPT } from './first-view.pages.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>App</title><link rel="stylesheet" href="/assets/index-aaa.css"><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';

/** Answers like entry-server.tsx: asks the API as the page would, and shows what it was given. */
const STAND_IN = `
export async function renderFirstView(request) {
  if (request.url === '/chats' && request.user === null) return { redirect: '/login?redirectTo=%2Fchats' };
  if (request.url.startsWith('/members/13')) throw new Error('render broke');
  if (request.url.startsWith('/members/14')) return null;
  // The member page: a member who does not exist says so, and the page answers 404 (useServerStatus).
  const member = /^[/]members[/]([0-9]+)$/.exec(request.url);
  if (member) {
    const answer = await request.transport('/api/member.php?id=' + member[1], { method: 'GET' });
    if (answer.status === 404) return { html: '<main><h1>profile not found</h1></main>', state: {}, status: 404 };
  }
  const likes = await request.transport('/api/likes.php', { method: 'GET' });
  const who = request.user ? 'member ' + request.user.profile.name : 'visitor';
  const zone = request.timeZone ? ' | zone ' + request.timeZone : '';
  return {
    html: '<title>Page &amp; &quot;more&quot;</title><main><h1>' + [request.url, request.language, who, 'likes ' + likes.status, request.settings.settings.name].join(' | ') + zone + '</h1></main>',
    state: { queries: [{ queryKey: ['x'], state: { data: '</script><script>alert(1)</script>' } }] },
  };
}`;

describe('first views', () => {
  let app: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-first-view-'));
    await fs.mkdir(path.join(distDir, 'assets'));
    await fs.mkdir(path.join(distDir, 'server'));
    await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await fs.writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'export {};');
    await fs.writeFile(path.join(distDir, 'assets', 'index-aaa.css'), 'body{margin:0}');
    await fs.writeFile(path.join(distDir, 'assets', 'home-page-bbb.css'), '.home-hero{color:red}');
    await fs.writeFile(path.join(distDir, 'server', 'entry-server.js'), STAND_IN);
    app = await buildTestApp({ webDistDir: distDir }, { serveWeb: true });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(distDir, { recursive: true, force: true });
  });

  it("puts a visitor's view before the app's root, with its title, the screens' styles, its state and deferred scripts", async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const html = response.body;
    // Rendered with the settings of this site, as a visitor (likes.php answers 403 to a visitor), in the site's language.
    expect(html).toContain('<div id="first-view"><main><h1>/ | en | visitor | likes 403 | Amoria</h1></main></div>');
    // The entry warning this visitor must see first, by the web app's rules, with its script.
    expect(html).toContain('<div id="site-entry-ssr">');
    expect(html.indexOf('id="first-view"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain('<title>Page &#38; &#34;more&#34;</title>');
    // The code-split screens' styles inline (the entry's own sheet stays a link), and the root hidden while the view shows.
    expect(html).toContain('#first-view~#root{display:none}');
    expect(html).toContain('.home-hero{color:red}</style>');
    // A button pressed before the app ran shows it at once.
    expect(html).toContain('#first-view [data-pressed-early]{');
    expect(html).not.toContain('body{margin:0}');
    // The state cannot close its script element.
    const state = /<script type="application\/json" id="first-view-state">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state!)).toEqual({
      queries: [{ queryKey: ['x'], state: { data: '</script><script>alert(1)</script>' } }],
    });
    // The app's scripts wait for the first touch (or a while after load); the inline scripts are allowed by hash.
    expect(html).not.toContain('<script type="module" src="/assets/app-abc123.js">');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`'sha256-${createHash('sha256').update(FIRST_VIEW_CLICKS_SCRIPT).digest('base64')}'`);
    expect(html).toContain(`<script>${FIRST_VIEW_CLICKS_SCRIPT}</script>`);
  });

  it("renders as the member whose cookie came, in the page's language, answering the render's API requests with that session", async () => {
    const { client, user } = await signUp(app);
    const response = await client.request({ url: '/members?lang=de' });
    expect(response.body).toContain(`<h1>/members?lang=de | de | member ${user.profile.name} | likes 200 | `);
    // A member never gets the entry warning.
    expect(response.body).not.toContain('<div id="site-entry-ssr">');
    const chats = await client.request({ url: '/chats', cookies: { lang: 'fr' } });
    expect(chats.body).toContain(`<h1>/chats | fr | member ${user.profile.name} | likes 200 | `);
  });

  it("shows times in the browser's time zone when its cookie names one the server knows", async () => {
    const named = await app.inject({ url: '/', cookies: { tz: 'America/Los_Angeles' } });
    expect(named.body).toMatch(/<h1>\/ \| en \| visitor \| likes 403 \| [^<]* \| zone America\/Los_Angeles<\/h1>/);
    for (const tz of ['Mars/Olympus', '<script>']) {
      const forged = await app.inject({ url: '/', cookies: { tz } });
      expect(forged.body).toContain('<div id="first-view">');
      expect(forged.body).not.toContain('| zone ');
    }
  });

  it("without a choice renders in the site's domain_language, as the app would", async () => {
    await insertSite(app, { domain: 'de.example.test', domainLanguage: 'de_DE' });
    const response = await app.inject({ url: '/', headers: { host: 'de.example.test' } });
    expect(response.body).toMatch(/<h1>\/ \| de \| visitor \| /);
    expect(response.body).toContain('<html lang="de"');
  });

  it("writes the canonical and hreflang links of a first view from the site's configured address, never an unknown Host", async () => {
    const response = await app.inject({ url: '/?lang=de', headers: { host: 'evil.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="first-view">');
    const links = [...response.body.matchAll(/<link rel="(canonical|alternate)"[^>]*href="([^"]+)"/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(links).toContainEqual(['canonical', 'http://localhost:3000/?lang=de']);
    expect(links.filter(([rel]) => rel === 'alternate').length).toBeGreaterThan(1);
    for (const [, href] of links) expect(href).toMatch(/^http:\/\/localhost:3000\//);
    expect(response.body).not.toContain('evil.example');
  });

  it('answers a redirect the render asked for', async () => {
    const response = await app.inject({ url: '/chats' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?redirectTo=%2Fchats');
  });

  it('sends the page as every other one when the render fails or has no view for it', async () => {
    for (const url of ['/members/13', '/members/14']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('id="first-view"');
      expect(response.body).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
    }
  });

  it('answers 404 for the page of a member who does not exist, from the render and from memory, and still starts the app', async () => {
    const { profileId } = await createMember(app);
    const known = await app.inject({ url: `/members/${profileId}` });
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain('id="first-view"');
    for (const attempt of ['rendered', 'from memory']) {
      const gone = await app.inject({ url: '/members/999999' });
      expect(gone.statusCode, attempt).toBe(404);
      expect(gone.body).toContain('<div id="first-view"><main><h1>profile not found</h1></main></div>');
      // The app still starts on it (on the first touch, or a while after load), and shows its own copy of the page.
      expect(gone.body).toContain('/assets/app-abc123.js');
      expect(gone.body).toContain('<div id="root"></div>');
    }
    expect(await app.metrics.text()).toMatch(
      /first_view_render_seconds_count\{page="\/members\/:id",outcome="cached"\} 1/,
    );
  });

  it('never serves the server render itself', async () => {
    expect((await app.inject({ url: '/server/entry-server.js' })).body).not.toContain('renderFirstView');
  });
});

/** Numbers its renders, and takes 200 ms over a member's page, so a test sees which answers were rendered anew. */
const COUNTING_STAND_IN = `
let count = 0;
export async function renderFirstView(request) {
  count += 1;
  const number = count;
  if (request.url.startsWith('/members/')) await new Promise((resolve) => setTimeout(resolve, 200));
  // A render held until the test lets it finish.
  if (request.url.includes('slow=1')) await globalThis.__holdRender;
  return { html: '<main><h1>render ' + number + ' | ' + request.url + ' | ' + request.language + '</h1></main>', state: {} };
}`;

describe('first views under load', () => {
  let app: TestApp;
  let distDir: string;

  beforeAll(async () => {
    distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-first-view-load-'));
    await fs.mkdir(path.join(distDir, 'assets'));
    await fs.mkdir(path.join(distDir, 'server'));
    await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await fs.writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'export {};');
    await fs.writeFile(path.join(distDir, 'server', 'entry-server.js'), COUNTING_STAND_IN);
    app = await buildTestApp({ webDistDir: distDir }, { serveWeb: true });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(distDir, { recursive: true, force: true });
  });

  const heading = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
  /**
   * The view of `url` once the instance renders it: on a busy machine the earlier tests' renders can still count
   * against renders' share of its time (it halves every second), and the page is then sent plain; a later visitor gets
   * the render.
   */
  const renderedHeading = async (url: string) => {
    let found: string | undefined;
    await vi.waitFor(
      async () => {
        found = heading((await app.inject({ url })).body);
        expect(found, url).toBeDefined();
      },
      { timeout: 10_000, interval: 250 },
    );
    return found;
  };

  it("serves visitors' views from memory per language, each with its own entry warning, until the site changes", async () => {
    const first = await app.inject({ url: '/' });
    const second = await app.inject({ url: '/' });
    expect(heading(first.body)).toBe('render 1 | / | en');
    expect(heading(second.body)).toBe('render 1 | / | en');
    // The entry warning is decided per visitor, also for a view from memory.
    expect(second.body).toContain('<div id="site-entry-ssr">');
    // Another language is another view.
    expect(heading((await app.inject({ url: '/', cookies: { lang: 'de' } })).body)).toBe('render 2 | / | de');
    // A member's view is never shared.
    const { client } = await signUp(app);
    expect(heading((await client.request({ url: '/' })).body)).toBe('render 3 | / | en');
    expect(heading((await client.request({ url: '/' })).body)).toBe('render 4 | / | en');
    // A site change (here or on another instance) is heard through the bus: the next visitor gets a new render.
    const heard = new Promise<void>((resolve) => {
      const stop = app.bus.subscribe('site.changed', () => (stop(), resolve()));
    });
    await app.bus.publish('site.changed', { siteId: 1 });
    await heard;
    expect(heading((await app.inject({ url: '/' })).body)).toBe('render 5 | / | en');
    expect(await app.metrics.text()).toMatch(/first_view_render_seconds_count\{page="\/",outcome="cached"\} 1/);
  });

  it("sends a visitors' view from memory compressed once, in the encoding the browser accepts", async () => {
    const plain = await app.inject({ url: '/?shared=1' });
    const brotli = await app.inject({ url: '/?shared=1', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gzipped = await app.inject({ url: '/?shared=1', headers: { 'accept-encoding': 'gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const answer of [plain, brotli, gzipped]) expect(answer.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(heading(plain.body)).toMatch(/^render \d+ \| \/\?shared=1 \| en$/);
  });

  it('sends the page plain when two renders are already under way, instead of queueing behind them', async () => {
    const { client } = await signUp(app);
    const answers = await Promise.all([1, 2, 3, 4].map(() => client.request({ url: '/members/5' })));
    const rendered = answers.filter((answer) => answer.body.includes('id="first-view"'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(rendered).toHaveLength(2);
    // The others are index.html as any page without a first view: the app renders them.
    for (const answer of answers.filter((entry) => !rendered.includes(entry)))
      expect(answer.body).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
    expect(await app.metrics.text()).toMatch(
      /first_view_render_seconds_count\{page="\/members\/:id",outcome="busy"\} 2/,
    );
    // Once they are done, the next one renders again.
    expect((await client.request({ url: '/members/5' })).body).toContain('id="first-view"');
  });

  it('shares one render among visitors whose addresses differ only in click ids and campaign tags (docs/traffic.md)', async () => {
    const firstHeading = await renderedHeading('/?gclid=a1&utm_source=news&utm_campaign=spring');
    const first = await app.inject({ url: '/?gclid=a1&utm_source=news&utm_campaign=spring' });
    const number = firstHeading!.split(' | ')[0];
    // Rendered for the page's own address: no click id is written into a view another visitor gets.
    expect(firstHeading).toBe(`${number} | / | en`);
    expect(heading(first.body)).toBe(firstHeading);
    for (const url of ['/?fbclid=b2&network=adnet&ref=r&sub1={s}', '/?msclkid=c3&ttclid=d&li_fat_id=e&click_id=f', '/'])
      expect(heading((await app.inject({ url })).body), url).toBe(`${number} | / | en`);
    expect(first.body).not.toMatch(/gclid|a1|spring/);
    // A key the page itself reads is another page.
    expect(await renderedHeading('/?page=2&gclid=z')).toMatch(/^render \d+ \| \/\?page=2 \| en$/);
  });

  it('makes a burst on a cold page wait for one render, answering the plain page to whoever would wait longer', async () => {
    // An instance whose visitors wait 200 ms at most (in production PAGE_WAIT_MS, 30 ms by default).
    const app = await buildTestApp({ webDistDir: distDir, pageWaitMs: 200 }, { serveWeb: true });
    onTestFinished(() => app.close());
    let release!: () => void;
    (globalThis as { __holdRender?: Promise<void> }).__holdRender = new Promise<void>((resolve) => (release = resolve));
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) => app.inject({ url: `/?slow=1&gclid=burst${index}` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(16).fill(200));
    // The render takes longer than anyone waits: all got index.html at once (the app renders the page) ...
    for (const answer of answers) expect(answer.body).not.toContain('id="first-view"');
    expect(await app.metrics.text()).toMatch(/first_view_render_seconds_count\{page="\/",outcome="busy"\} 16/);
    // ... and the one render went on: once it is done, the next visitors get its view from memory.
    release();
    let after = await app.inject({ url: '/?slow=1&gclid=later' });
    for (let tries = 0; !after.body.includes('id="first-view"') && tries < 50; tries++)
      after = await app.inject({ url: '/?slow=1&gclid=later' });
    const again = await app.inject({ url: '/?slow=1&fbclid=later2' });
    expect(heading(after.body)).toMatch(/^render \d+ \| \/\?slow=1 \| en$/);
    expect(heading(again.body)).toBe(heading(after.body));
  });
});
