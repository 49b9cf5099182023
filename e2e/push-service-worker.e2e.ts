// The service worker (apps/web/public/sw.js, version 2) in real Chromium against the real server. Chromium's own push
// service is unreachable here, so the push is delivered through the DevTools protocol (ServiceWorker.deliverPushMessage)
// to the worker the app registered; the test then reads what the worker showed (registration.getNotifications()).
// The click: DevTools has no way to click a notification, so the test calls the worker's own click handler
// (handleNotificationClick, a global of the worker script) on the notification it showed, from inside the worker. That
// runs the real path (close, find the site's open tab, focus it, navigate it) except the user activation a real click
// gives: focus() is then refused and the handler carries on without it, as it must. Opening a new window when no tab is
// open needs that activation too and is covered by the unit test (apps/web/src/lib/push-service-worker.test.ts).
import { describe, expect, test } from 'vitest';
import type { CDPSession, Page, Request as PageRequest, Worker } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';
import { appHasTakenOver } from './support/conditions.ts';

// Push is offered and used here: the full Chromium (the headless shell has no Push API).
const session = useBrowser({}, { push: true });
const CLIENT = { 'Request-Type': 'client' };

async function signUp(page: Page): Promise<void> {
  const name = `Sw${(Date.now() % 100000).toString(36)}${Math.floor(Math.random() * 1000)}`;
  const response = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email: `${name.toLowerCase()}@example.com`,
      username: name,
      password: 'worker-secret-1',
      date_of_birth: '1990-04-12',
    },
  });
  expect(response.status()).toBe(201);
}

/** Waits until the app's worker is active and controls the page (clients.claim), and answers its registration id. */
async function controllingWorker(page: Page): Promise<{ registrationId: string; worker: Worker; cdp: CDPSession }> {
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(new URL(scriptURL!).pathname).toBe('/sw.js');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const worker =
    session.context.serviceWorkers().find((candidate) => candidate.url().endsWith('/sw.js')) ??
    (await session.context.waitForEvent('serviceworker'));

  // DevTools reports the registrations as events once its ServiceWorker domain is on.
  const cdp = await session.context.newCDPSession(page);
  const scopeURL = `${new URL(session.baseURL).origin}/`;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      const found = event.registrations.find((entry) => !entry.isDeleted && entry.scopeURL === scopeURL);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { registrationId: await registrationId, worker, cdp };
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      icon: notification.icon,
      data: notification.data as { url: string; type: string },
    })),
  );

describe('the push service worker', () => {
  test('is served at a stable URL, never cached, and reports version 2', async () => {
    const response = await session.page.request.get('/sw.js');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(response.headers()['content-type']).toMatch(/javascript/);

    await acceptSiteEntryWarningBeforehand(session.context);
    await session.page.goto('/');
    await controllingWorker(session.page);
    const version = await session.page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          navigator.serviceWorker.addEventListener('message', (event) => {
            if ((event.data as { type?: string }).type === 'VERSION')
              resolve((event.data as { version: unknown }).version);
          });
          navigator.serviceWorker.controller!.postMessage({ type: 'GET_VERSION' });
        }),
    );
    expect(version).toBe(2);
  });

  test('shows a pushed message and a click sends the open tab to it instead of opening another', async () => {
    const page = session.page;
    await session.context.grantPermissions(['notifications']);
    await acceptSiteEntryWarningBeforehand(session.context);
    await signUp(page);
    const isUserRequest = (request: PageRequest) =>
      request.method() === 'GET' && new URL(request.url()).pathname === '/api/user.php';
    await page.goto('/members');
    // The page is the server's first view until the app starts (a few seconds later, docs/first-view.md): only the app
    // listens to the worker. Its session manager refreshes the member 5 s after it started (lib/session/user-refresh.ts),
    // and the next refresh is a minute away: after that first one, a refresh right after a push is the push's.
    const sessionManagerRunning = page.waitForRequest(isUserRequest, { timeout: 30_000 });
    const { registrationId, worker, cdp } = await controllingWorker(page);
    await sessionManagerRunning;

    // The open page hears of the push (push lastMessage) and refreshes the member.
    const refresh = page.waitForRequest(isUserRequest, { timeout: 5_000 });
    refresh.catch(() => undefined);
    const payload = {
      v: 2,
      type: 'new_messages',
      title: 'New message',
      body: 'Bo sent you a message.',
      url: '/chats/42',
      tag: 'conversation-42',
      icon: '/favicon.svg',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(session.baseURL).origin,
      registrationId,
      data: JSON.stringify(payload),
    });

    await expect.poll(() => shownNotifications(page)).toHaveLength(1);
    const [shown, ...others] = await shownNotifications(page);
    expect(others).toEqual([]);
    expect(shown).toEqual({
      title: 'New message',
      body: 'Bo sent you a message.',
      tag: 'conversation-42',
      icon: new URL('/favicon.svg', session.baseURL).href,
      data: { url: '/chats/42', type: 'new_messages' },
    });
    await refresh;

    // A second message in the same conversation replaces the first (same tag) instead of piling up.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(session.baseURL).origin,
      registrationId,
      data: JSON.stringify({ ...payload, body: 'Bo sent you 2 messages.' }),
    });
    await expect
      .poll(async () => (await shownNotifications(page)).map((notification) => notification.body))
      .toEqual(['Bo sent you 2 messages.']);

    const pagesBefore = session.context.pages().length;
    await worker.evaluate(async () => {
      const scope = globalThis as unknown as {
        registration: ServiceWorkerRegistration;
        handleNotificationClick: (notification: Notification) => Promise<unknown>;
      };
      const [notification] = await scope.registration.getNotifications();
      await scope.handleNotificationClick(notification!);
    });
    await page.waitForURL((url) => url.pathname === '/chats/42');
    expect(session.context.pages()).toHaveLength(pagesBefore);
    await expect.poll(() => shownNotifications(page)).toEqual([]);
  });
});

describe('the service worker offline', () => {
  test('controls a first visit before the app has started, so the offline page is there from the first seconds', async () => {
    const { page } = session;
    await acceptSiteEntryWarningBeforehand(session.context);
    // The app's code never arrives: the page's own inline registration is what installs the worker.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    const offlineCache = await page.evaluate(async () =>
      (await (await caches.open('site-sw-offline-v1')).keys()).map((request) => new URL(request.url).pathname),
    );
    expect(offlineCache).toEqual(['/offline.html', '/offline.js']);
  });

  // Chromium's offline emulation does not reach a service worker's own fetches, so the failing network is a request
  // the worker's navigation handler makes to an address nobody listens on (the same path a lost connection takes).
  test('keeps the app’s files and the offline page, answers a page that cannot load with it, in the member’s language', async () => {
    const page = session.page;
    await acceptSiteEntryWarningBeforehand(session.context);
    await page.goto('/');
    const { worker } = await controllingWorker(page);
    const offlineCache = await page.evaluate(async () =>
      (await (await caches.open('site-sw-offline-v1')).keys()).map((request) => new URL(request.url).pathname),
    );
    expect(offlineCache).toEqual(['/offline.html', '/offline.js']);
    await page.reload();
    // The app's code loads once the app starts (after the first view: docs/first-view.md).
    await appHasTakenOver(page);
    await page.waitForLoadState('networkidle');
    const assets = await page.evaluate(async () =>
      (await (await caches.open('site-sw-assets-v1')).keys()).map((request) => new URL(request.url).pathname),
    );
    expect(assets.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);

    const answered = await worker.evaluate(async () => {
      const response = await (
        globalThis as unknown as { handleNavigation: (request: Request) => Promise<Response> }
      ).handleNavigation(new Request('http://127.0.0.1:9/members'));
      return { status: response.status, body: await response.text() };
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toContain('<h1>Du bist offline</h1>');

    // What the member then sees: the text in their language (the language cookie), a way to try again.
    await session.context.addCookies([{ name: 'lang', value: 'de', url: session.baseURL }]);
    await page.goto('/offline.html');
    expect(await page.getByRole('heading', { name: 'Du bist offline' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Erneut versuchen' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'You are offline' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
  });
});
