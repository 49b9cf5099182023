// Journeys of the notifications issue in the browser against the real server: the notifications screen saves each switch
// at once and keeps it after a reload; the member alerts (profile photo, push, stopped mail) show by their rules, are
// dismissed for good, and act (push turned on through a stubbed push service, mail turned back on).
import { describe, expect, test } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { MAIL_EVENTS_SECRET_HEADER } from '@app/contracts';
import { useBrowser } from './support/browser.ts';
import { E2E_MAIL_EVENTS_SECRET } from './support/global-setup.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

// Push is offered and used here: the full Chromium (the headless shell has no Push API).
const session = useBrowser({}, { push: true });

const PASSWORD = 'notify-secret-1';
const CLIENT = { 'Request-Type': 'client' };

type Member = { email: string; name: string };

let counter = 0;
function uniqueName(label: string): string {
  counter += 1;
  return `${label}${(Date.now() % 100000).toString(36)}${counter}`;
}

/** Signs up through the API (which logs the context in), activates from the dev mailbox and passes the signup steps. */
async function signUpActiveMember(request: APIRequestContext, label: string): Promise<Member> {
  const name = uniqueName(label);
  const email = `${name.toLowerCase()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, username: name, password: PASSWORD, date_of_birth: '1990-04-12' },
  });
  expect(signup.status()).toBe(201);
  for (const step of [
    { step: 1 },
    { step: 2, about_me: '' },
    { step: 3, gender: 'female', sexuality: 'hetero', country: 'NL' },
    { step: 4 },
  ]) {
    const response = await request.put('/api/signup.php', { headers: CLIENT, data: step });
    expect(response.status(), JSON.stringify(step)).toBe(200);
  }
  const mailbox = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
    mails: { links: string[] }[];
  };
  const link = mailbox.mails.flatMap((mail) => mail.links).find((href) => href.includes('/activate?token='));
  expect(link).toBeTruthy();
  const activation = await request.post('/api/activate.php', {
    headers: CLIENT,
    data: { token: new URL(link!).searchParams.get('token') },
  });
  expect(activation.status()).toBe(200);
  return { email, name };
}

async function currentUser(
  request: APIRequestContext,
): Promise<{ push_subscribed: boolean; notifications_disabled: string[] }> {
  const response = await request.get('/api/user.php', { headers: CLIENT });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { push_subscribed: boolean; notifications_disabled: string[] } }).user;
}

async function notificationSettings(request: APIRequestContext) {
  const response = await request.get('/api/notifications.php', { headers: CLIENT });
  expect(response.status()).toBe(200);
  return (
    (await response.json()) as {
      settings: { preferences: Record<string, { email: boolean; push: boolean }>; invisible: boolean };
    }
  ).settings;
}

const typeGroup = (page: Page, name: string) => page.getByRole('group', { name });
const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'Saved' }).first();
const memberAlert = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/**
 * Chromium here cannot reach its push service: the page's PushManager answers with a made-up subscription (endpoint
 * and keys as a real one has), so everything from the permission to the server's copy runs for real.
 */
async function stubPushService(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(() => {
    // Kept in the page's storage so that, like a real one, the subscription outlives a reload.
    const KEY = 'e2e_push_subscription';
    const make = () =>
      ({
        endpoint: 'https://push.example.test/send/e2e-browser',
        expirationTime: null,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => ({
          endpoint: 'https://push.example.test/send/e2e-browser',
          expirationTime: null,
          keys: { p256dh: 'BExampleP256dhKey', auth: 'exampleAuth' },
        }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function subscribe() {
      localStorage.setItem(KEY, '1');
      return make();
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      return localStorage.getItem(KEY) ? make() : null;
    };
  });
}

describe('the notifications screen', () => {
  test('a switch saves at once with a confirmation and survives a reload; invisible mode too', async () => {
    const page = session.page;
    await acceptSiteEntryWarningBeforehand(session.context);
    await signUpActiveMember(page.request, 'Nora');

    await page.goto('/members');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 2 }).waitFor();

    const weeklyMail = typeGroup(page, 'Weekly update').getByRole('switch', { name: 'E-mail' });
    expect(await weeklyMail.isChecked()).toBe(true);
    await weeklyMail.click();
    await saved(page).waitFor();
    expect(await weeklyMail.isChecked()).toBe(false);

    const newsMail = typeGroup(page, 'News').getByRole('switch', { name: 'E-mail' });
    expect(await newsMail.isChecked()).toBe(false);
    const newsSaved = page.waitForResponse(
      (response) => response.url().endsWith('/api/notifications.php') && response.request().method() === 'PUT',
    );
    await newsMail.click();
    expect((await newsSaved).status()).toBe(200);

    const invisible = page.getByRole('switch', { name: 'Invisible mode' });
    await invisible.click();
    await page
      .getByRole('region', { name: 'Invisible mode' })
      .getByRole('status')
      .filter({ hasText: 'Saved' })
      .waitFor();

    await page.reload();
    await typeGroup(page, 'Weekly update').waitFor();
    expect(await typeGroup(page, 'Weekly update').getByRole('switch', { name: 'E-mail' }).isChecked()).toBe(false);
    expect(await typeGroup(page, 'News').getByRole('switch', { name: 'E-mail' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Invisible mode' }).isChecked()).toBe(true);

    const stored = await notificationSettings(page.request);
    expect(stored.preferences.weekly_updates?.email).toBe(false);
    expect(stored.preferences.news?.email).toBe(true);
    expect(stored.invisible).toBe(true);
    // The delete-account item stays on this screen.
    expect(await page.getByRole('button', { name: 'Delete my account' }).count()).toBe(1);
  });
});

describe('member alerts', () => {
  test('the photo alert, once dismissed, stays away after a reload; then push is offered and turned on, and logout takes it back', async () => {
    const page = session.page;
    await acceptSiteEntryWarningBeforehand(session.context);
    await stubPushService(session.context);
    const member = await signUpActiveMember(page.request, 'Pia');

    await page.goto('/members');
    const photoAlert = memberAlert(page, 'Members with a photo get many more replies.');
    await photoAlert.waitFor();
    expect(await photoAlert.getByRole('link', { name: 'Add a photo' }).getAttribute('href')).toBe('/profile');
    await photoAlert.getByRole('button', { name: 'Dismiss' }).click();
    const dismissedAt = Number(await page.evaluate(() => localStorage.getItem('enrich_alert_dismissed_at')));
    expect(Date.now() - dismissedAt).toBeLessThan(60_000);

    // Next in line: push, which this browser was granted but holds no subscription for.
    const pushAlert = memberAlert(page, 'Get a notification as soon as someone writes to you or likes you.');
    await pushAlert.waitFor();
    await page.reload();
    await pushAlert.waitFor();
    expect(await photoAlert.count()).toBe(0);

    const saving = page.waitForResponse(
      (response) => response.url().endsWith('/api/user.php?push=1') && response.request().method() === 'POST',
    );
    await pushAlert.getByRole('button', { name: 'Turn on push notifications' }).click();
    const saved = await saving;
    expect(saved.status()).toBe(200);
    const endpoint = (JSON.parse(saved.request().postData() ?? '{}') as { subscription?: { endpoint?: string } })
      .subscription?.endpoint;
    expect(endpoint).toMatch(/^https?:\/\//);
    await pushAlert.waitFor({ state: 'detached' });
    expect((await currentUser(page.request)).push_subscribed).toBe(true);

    // The screen says so too.
    await page.goto('/notifications');
    await page.getByText('Push notifications are on in this browser.').waitFor();

    // Logging out in this browser takes this browser's subscription (and only it) off the account before the session ends.
    const removing = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/user.php?push=1') &&
        request.postData() === JSON.stringify({ subscription: null, endpoint }),
    );
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await removing;
    await page.waitForURL((url) => url.pathname === '/');
    const login = await page.request.post('/api/user.php', {
      headers: CLIENT,
      data: { email: member.email, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    expect((await currentUser(page.request)).push_subscribed).toBe(false);
  });

  test('a bounce stops mail: the alert says why, and the screen turns mail back on', async () => {
    const page = session.page;
    await acceptSiteEntryWarningBeforehand(session.context);
    const member = await signUpActiveMember(page.request, 'Bea');
    const bounce = await page.request.post('/api/mail-events.php', {
      headers: { [MAIL_EVENTS_SECRET_HEADER]: E2E_MAIL_EVENTS_SECRET },
      data: { type: 'bounce', email: member.email },
    });
    expect(bounce.status()).toBe(200);

    await page.goto('/members');
    const alert = memberAlert(page, 'We have stopped sending you e-mails.');
    await alert.getByText(/could not receive our e-mails \(invalid address\)/).waitFor();
    await alert.getByRole('link', { name: 'Check your settings' }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');

    // The screen shows the reason itself (the alert is not repeated there), with the way back.
    await page.getByRole('heading', { name: 'We have stopped sending you e-mails' }).waitFor();
    expect(await alert.count()).toBe(0);
    await page.getByRole('button', { name: 'Turn e-mail back on' }).click();
    await page.getByRole('heading', { name: 'We have stopped sending you e-mails' }).waitFor({ state: 'detached' });
    expect((await currentUser(page.request)).notifications_disabled).toEqual([]);

    await page.reload();
    await typeGroup(page, 'News').waitFor();
    expect(await page.getByRole('heading', { name: 'We have stopped sending you e-mails' }).count()).toBe(0);
  });
});
