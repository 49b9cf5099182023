// First views (docs/first-view.md): the home, discovery, a member's page and the conversations come with their content in
// the server's HTML, rendered by the app's own code; the app starts later, takes the view over without a second copy,
// and presses the buttons pressed before it ran. A visitor on a members-only page is redirected by the server.
import { describe, expect, test } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { activate, signUp } from './support/axe-world.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser({ viewport: { width: 390, height: 844 } });
const DEMO = { email: 'demo@example.com', password: 'demo1234' };

async function logIn(request: APIRequestContext): Promise<{ profile: { id: number; name: string } }> {
  const response = await request.post('/api/user.php', { headers: { 'Request-Type': 'client' }, data: DEMO });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { user: { profile: { id: number; name: string } } }).user;
}

/** Whether the page's app has started: its entry module is in the document only once the loader added it. */
const hasAppStarted = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"][src]') !== null);

describe('first views', () => {
  test('the home page is in the HTML, shows before the app starts, and the app takes it over', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const faces = (await (await fetch(`${session.baseURL}/api/home-members.php?limit=12`)).json()) as {
      profiles: { name: string }[];
    };
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('id="first-view"');
    expect(html).toContain('id="first-view-state"');
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).toContain(`>${faces.profiles[6]!.name}<`);
    expect(response?.headers()['cache-control']).toBe('private, no-cache');

    // Shown before the app's scripts run, then the same page from the app, once.
    expect(await hasAppStarted(page)).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await page.locator('#first-view').waitFor({ state: 'detached' });
    expect(await hasAppStarted(page)).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('link', { name: faces.profiles[6]!.name }).isVisible()).toBe(true);
  });

  test("a member's discovery is in the HTML, and a like pressed before the app ran is sent once it has", async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await logIn(page.request);
    const response = await page.goto('/members');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('id="first-view"');
    expect(html).toMatch(/members found/);
    expect(await hasAppStarted(page)).toBe(false);

    const like = page
      .locator('#first-view')
      .getByRole('button', { name: /^Like / })
      .first();
    const name = (await like.getAttribute('aria-label'))!.replace(/^Like /, '');
    const sent = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/like.php' && request.method() === 'POST',
    );
    // Shown pressed at once by the page's own script, before the app has started.
    const shownPressed = like.evaluate(
      (button) =>
        new Promise<boolean>((resolve) =>
          new MutationObserver(() => {
            if (button.getAttribute('aria-busy') === 'true' && button.hasAttribute('data-pressed-early')) resolve(true);
          }).observe(button, { attributes: true }),
        ),
    );
    await like.click();
    expect(await shownPressed).toBe(true);
    await sent;
    await page.locator('#first-view').waitFor({ state: 'detached' });
    // The app's own card now says it is liked.
    await page
      .getByRole('button', { name: `You like ${name}` })
      .first()
      .waitFor();
  });

  test('a member card followed on the view before the app ran shows pressed at once, then the member page opens', async () => {
    const page = await session.newPage({ viewport: { width: 390, height: 844 } });
    await acceptSiteEntryWarningBeforehand(page.context());
    await logIn(page.request);
    await page.goto('/members');
    expect(await hasAppStarted(page)).toBe(false);
    const card = page.locator('#first-view').getByRole('link').and(page.locator('[href^="/members/"]')).first();
    const href = (await card.getAttribute('href'))!;
    // Noted where the next page of the tab still reads it: the card was marked pressed before the browser left.
    await card.evaluate((element) =>
      new MutationObserver(() => {
        if (element.hasAttribute('data-pressed-early')) sessionStorage.setItem('e2e:card-pressed', '1');
      }).observe(element, { attributes: true }),
    );
    await card.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('e2e:card-pressed'))).toBe('1');
    await page.close();
  });

  test('filters chosen and Search pressed on the view before the app ran are searched once it has', async () => {
    const page = await session.newPage({ viewport: { width: 1280, height: 800 } });
    await acceptSiteEntryWarningBeforehand(page.context());
    await logIn(page.request);
    await page.goto('/members');
    const filters = page.locator('#first-view').getByRole('search', { name: 'Search filters' });
    // The demo member searches women in the Netherlands by default: everyone, everywhere instead.
    await filters.getByLabel('Looking for').selectOption('');
    await filters.getByLabel('Country').selectOption('');
    const searched = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/search.php');
    await filters.getByRole('button', { name: 'Search' }).click();
    const query = new URL((await searched).url()).searchParams;
    expect(query.get('gender')).toBeNull();
    expect(query.get('country')).toBeNull();
    await page.locator('#first-view').waitFor({ state: 'detached' });
    const appFilters = page.getByRole('search', { name: 'Search filters' });
    expect(await appFilters.getByLabel('Looking for').inputValue()).toBe('');
    expect(await appFilters.getByLabel('Country').inputValue()).toBe('');
  });

  test("a member's page and the conversations come with their content", async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await logIn(page.request);
    const search = (await (await page.request.get('/api/search.php')).json()) as {
      results: { id: number; name: string }[];
    };
    const member = search.results[0]!;
    const reads: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.method() === 'GET') reads.push(new URL(request.url()).pathname);
    };
    page.on('request', onRequest);
    const memberHtml = await (await page.goto(`/members/${member.id}`))!.text();
    expect(memberHtml).toContain('id="first-view"');
    expect(memberHtml).toContain(`>${member.name}<`);
    await page.getByRole('heading', { level: 1, name: member.name }).waitFor();
    // The app takes over without asking again for what the page carried (the profile, the member, the settings).
    await page.locator('#first-view').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    for (const carried of ['/api/member.php', '/api/user.php', '/api/settings.php'])
      expect(reads.filter((path) => path === carried)).toEqual([]);

    const chatsHtml = await (await page.goto('/chats'))!.text();
    expect(chatsHtml).toContain('id="first-view"');
    expect(chatsHtml).toContain('data-testid="chat-screen"');
    await page.locator('#first-view').waitFor({ state: 'detached' });
    expect(await page.getByTestId('chat-screen').count()).toBe(1);
  });

  test('the page of a member who blocked the viewer says so in the view, and the app asks only once', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const demo = await logIn(page.request);
    const blocker = await signUp(session.baseURL, 'Blocker');
    await activate(blocker);
    expect((await blocker.api.post('/api/block.php', { data: { id: demo.profile.id } })).ok()).toBe(true);
    await blocker.api.dispose();
    const asked: number[] = [];
    const onResponse = (response: { url(): string; status(): number }) => {
      if (new URL(response.url()).pathname === '/api/member.php') asked.push(response.status());
    };
    page.on('response', onResponse);
    const html = await (await page.goto(`/members/${blocker.id}`))!.text();
    // The server's view already says it (it used to show a skeleton until the app started and asked again).
    expect(html).toContain('id="first-view"');
    expect(html).toContain('This member has blocked you.');
    await page.locator('#first-view').waitFor({ state: 'detached' });
    await page.getByText('This member has blocked you.').waitFor();
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    // A 403 is never retried: at most the app's one question after taking over.
    expect(asked.length).toBeLessThanOrEqual(1);
    expect(asked.every((status) => status === 403)).toBe(true);
  });

  test("the conversations' times in the view are in the browser's time zone, as the app shows them", async () => {
    // Fourteen hours from the server's zone (UTC here and in CI): every time of day and most dates differ.
    const page = await session.newPage({ timezoneId: 'Pacific/Kiritimati' });
    await acceptSiteEntryWarningBeforehand(page.context());
    await logIn(page.request);
    // The first visit's app tells the server the browser's zone (its cookie); the next view is rendered in it.
    await page.goto('/chats');
    await page.locator('#first-view').waitFor({ state: 'detached' });
    const viewTime = async (cookie: string) => {
      const html = await (await fetch(`${session.baseURL}/chats`, { headers: { cookie } })).text();
      return /<time class="chat-list-time[^"]*"[^>]*>([^<]+)<\/time>/.exec(html)?.[1];
    };
    const cookies = await page.context().cookies();
    const header = (names: (name: string) => boolean) =>
      cookies
        .filter((cookie) => names(cookie.name))
        .map((cookie) => `${cookie.name}=${cookie.value}`)
        .join('; ');
    expect(cookies.find((cookie) => cookie.name === 'tz')?.value).toBe(encodeURIComponent('Pacific/Kiritimati'));
    const inBrowsersZone = await viewTime(header(() => true));
    const inServersZone = await viewTime(header((name) => name !== 'tz'));
    expect(inBrowsersZone).toBeTruthy();
    expect(inBrowsersZone).not.toBe(inServersZone);

    await page.goto('/chats');
    expect(await page.locator('#first-view .chat-list-time').first().textContent()).toBe(inBrowsersZone);
    await page.locator('#first-view').waitFor({ state: 'detached' });
    expect(await page.locator('.chat-list-time').first().textContent()).toBe(inBrowsersZone);
  });

  test('a visitor on a members-only page is sent to the login page by the server', async () => {
    const response = await fetch(`${session.baseURL}/chats`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Fchats');
  });
});
