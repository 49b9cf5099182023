// Journey: the web shell's plumbing as a browser meets it: language from the site, page-bounce beacon, chunk reload, served assets.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser();

/** Serves GET /api/settings.php with some fields changed, as a differently configured site would answer. */
async function patchSettings(page: Page, patch: Record<string, unknown>): Promise<void> {
  await page.route(/\/api\/settings\.php/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { settings: Record<string, unknown> };
    await route.fulfill({ response, json: { settings: { ...body.settings, ...patch } } });
  });
}

const documentLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('web shell', () => {
  test("without a lang cookie the site's domain_language picks the language and is stored; one language means no dropdown", async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await patchSettings(page, { domain_language: 'de_DE', languages: ['de'] });
    // A page the app renders itself: a first view (docs/first-view.md) is rendered with the server's own settings,
    // which this test cannot patch (the same rule decides there: modules/first-view tests).
    await page.goto('/login');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Amoria/ })
      .first()
      .waitFor();

    await expect.poll(() => documentLanguage(page)).toBe('de');
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'lang');
    expect(cookie?.value).toBe('de');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 60 * 60);
    expect(
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Deutsch|Language/ })
        .count(),
    ).toBe(0);
  });

  test('with ?lb the page sends the page-hidden beacon when it is hidden', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await page.goto('/?lb');
    await page.getByRole('banner').waitFor();

    const beacon = page.waitForResponse((response) => response.url().endsWith('/api/page-hidden.php'));
    // Headless tabs never lose visibility on their own: report this one hidden, as switching tabs would.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const response = await beacon;
    expect(response.request().method()).toBe('POST');
    expect(response.status()).toBe(204);
  });

  test('a route chunk that fails to load reloads the page once a minute at most, then shows the error page', async () => {
    // Without the service worker: once it controls the page (every visit registers it), it fetches the chunks itself,
    // past page.route, and whether the reload meets the failure would depend on how fast it activated.
    const page = await session.newPage({ serviceWorkers: 'block' });
    await acceptSiteEntryWarningBeforehand(page.context());
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === '/no-such/page') documentLoads += 1;
    });

    // A deploy removed the chunk: the first failure reloads, the second within a minute shows the error page.
    // Two segments: a one-segment path is a `/{token}` alias and never reaches the catch-all's chunk.
    await page.route(/\/assets\/not-found-page-[\w-]+\.js$/, (route) => route.abort('failed'));
    await page.goto('/no-such/page');
    await page.getByRole('heading', { level: 1, name: '500 Error' }).waitFor();
    expect(documentLoads).toBe(2);

    // A minute later the guard allows another reload, which this time finds the chunk.
    await page.evaluate(() => sessionStorage.setItem('chunk_reload_at', String(Date.now() - 61_000)));
    await page.unroute(/\/assets\/not-found-page-[\w-]+\.js$/);
    await page.route(/\/assets\/not-found-page-[\w-]+\.js$/, (route) => route.abort('failed'), { times: 1 });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '404 This page could not be found' }).waitFor();
    expect(documentLoads).toBe(4);
  });

  test('the server hands deep links the app shell and serves hashed assets compressed and cached for a year', async () => {
    // A landing of a member who does not exist: the app shell all the same (it shows its 404 page), with status 404.
    const unknown = await fetch(`${session.baseURL}/members/999999/landing2/some-slug`, {
      headers: { accept: 'text/html' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await unknown.text()).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"/);
    const deepLink = await fetch(`${session.baseURL}/pages/faq`, { headers: { accept: 'text/html' } });
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('content-type')).toMatch(/^text\/html/);
    expect(deepLink.headers.get('cache-control')).toBe('private, no-cache');
    const html = await deepLink.text();
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();

    const asset = await fetch(`${session.baseURL}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);

    // A chunk that no longer exists must fail as a missing file (the client then reloads), not load the HTML.
    const missing = await fetch(`${session.baseURL}/assets/gone-123abc.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
