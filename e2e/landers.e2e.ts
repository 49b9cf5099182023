// Landers in the browser: every lander shows its content from the server's HTML (before and after the app takes it
// over), its call to action opens the signup modal, and signup step 0 sends the landing URL's tracking data, braces
// removed; a member landing leads to the member's signup page with a first message.
import { describe, expect, test } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { LANDER_NAMES } from '@app/contracts';
import { matrix } from './support/matrix.ts';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser({ viewport: { width: 390, height: 844 } });
const TRACKING_QUERY = 'network={adnet}&ref=partner7&sub1={s1}&sub2=two&sub3=3';
const EXPECTED_TRACKING = { network: 'adnet', ref: 'partner7', sub1: 's1', sub2: 'two', sub3: '3' };

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Fills signup step 0 in `scope` and answers the body the browser posted to signup.php. */
async function submitStepZero(
  page: Page,
  scope: ReturnType<Page['getByRole']>,
  label: string,
): Promise<Record<string, unknown>> {
  await scope.getByLabel('E-mail address').fill(uniqueEmail(label));
  await scope.getByLabel('Username').fill(`Lander${Date.now() % 1_000_000}`);
  await scope.getByLabel('Password').fill('landing-pages-1');
  await scope.getByLabel('Day').selectOption('12');
  await scope.getByLabel('Month').selectOption('4');
  await scope.getByLabel('Year').selectOption('1990');
  const [request] = await Promise.all([
    page.waitForRequest(
      (candidate: Request) => candidate.url().endsWith('/api/signup.php') && candidate.method() === 'POST',
    ),
    scope.getByRole('button', { name: 'Create account' }).click(),
  ]);
  return request.postDataJSON() as Record<string, unknown>;
}

describe('landers', () => {
  // The landers show the demo members; the server seeds them after it starts.

  // npm test: the swipe lander (interactive), the gallery and a video lander; npm run test:full: all of them.
  const landers = matrix(LANDER_NAMES, (name) => ['tinderswipe', 'gallery', 'video'].includes(name));
  test.each(landers)('/landers/%s shows its content and signs up with the tracking data', async (name) => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const response = await page.goto(`/landers/${name}?${TRACKING_QUERY}`);
    // The content is in the server's HTML, before any script ran.
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`data-lander="${name}"`);
    expect(html).toContain('id="lander-data"');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    // The app takes the view over (no second copy) once it runs.
    await page.locator('.lander-host [data-lander]').waitFor();
    expect(await page.locator('#lander-ssr').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

    if (name === 'tinderswipe') {
      // Swiping shows the next card; its like and pass buttons have names.
      const cards = page.locator('[data-lander-card]:not(.is-liked):not(.is-noped)');
      const before = await cards.count();
      expect(before).toBeGreaterThan(2);
      await page.getByRole('button', { name: 'Like' }).click();
      await page.getByRole('button', { name: 'Pass' }).click();
      expect(await cards.count()).toBe(before - 2);
    }
    await page.getByRole('main').getByRole('link', { name: 'Sign up for free' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Sign up' });
    await modal.waitFor();
    const body = await submitStepZero(page, modal, name);
    expect(body.tracking).toEqual(EXPECTED_TRACKING);
    await modal.getByRole('heading', { name: /photo/i }).first().waitFor();
  });

  test('a member landing leads to the member signup page with a first message to them', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const lander = await (await page.request.get('/api/landers.php?path=/landers/gallery')).json();
    const member = lander.lander.profiles[0] as { id: number; name: string };
    await page.goto(`/members/${member.id}/landing2/eng?${TRACKING_QUERY}`);
    await page.getByRole('heading', { level: 1, name: `Write to ${member.name}` }).waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: `Write to ${member.name}` })
      .last()
      .click();
    await page.waitForURL((url) => url.pathname === `/members/${member.id}/signup`);
    const main = page.getByRole('main');
    const message = main.getByRole('textbox', { name: /message/i });
    await message.waitFor();
    await message.fill('Hello from the landing page!');
    const body = await submitStepZero(page, main, 'member');
    expect(body.tracking).toEqual(EXPECTED_TRACKING);
  });

  test('a Like pressed before the app runs is not lost: the app swipes the card once it has taken the view over', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    // The app's entry is held until the press has happened (the press itself asks for it: first touch starts the app).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/landers/tinderswipe');
    const cards = page.locator('[data-lander-card]:not(.is-liked):not(.is-noped)');
    const before = await cards.count();
    expect(before).toBeGreaterThan(2);
    await page.getByRole('button', { name: 'Like' }).click();
    expect(await page.locator('.lander-host [data-lander]').count()).toBe(0);
    release();
    await page.locator('.lander-host [data-lander]').waitFor();
    await expect.poll(() => cards.count()).toBe(before - 1);
    expect(await page.locator('[data-lander-card].is-liked').count()).toBe(1);
  });

  test('the entry warning is in the first view, and Enter works before the app has booted', async () => {
    const { page } = session;
    // The app's scripts never arrive: what the visitor sees and does here is the server's HTML alone.
    const noScripts = (route: { abort: () => Promise<void> }) => route.abort();
    await page.route(/\/assets\/.*\.js$/, noScripts);
    await page.goto('/landers/gallery');
    const warning = page.getByRole('dialog', { name: 'This website contains adult content' });
    await warning.waitFor();
    const enter = warning.getByRole('button', { name: 'Enter' });
    expect(await enter.evaluate((button) => button === document.activeElement)).toBe(true);
    // Focus is trapped from the first paint: Tab and Shift+Tab never reach the page behind the warning.
    const focusIsInWarning = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('#site-entry-ssr [role="dialog"]')));
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focusIsInWarning(), key).toBe(true);
    }
    await enter.focus();
    await enter.click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('site_entry_warning_dismissed_at'))).toMatch(/^\d+$/);

    // The next visit, app and all: the earlier Enter holds, for the server's copy and the app's modal alike.
    await page.unroute(/\/assets\/.*\.js$/, noScripts);
    await page.goto('/landers/gallery');
    await page.locator('.lander-host [data-lander]').waitFor();
    expect(await page.locator('#site-entry-ssr').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  test('an unknown lander shows the 404 page', async () => {
    const { page } = session;
    await page.goto('/landers/nosuch');
    await page.getByText('This page could not be found').waitFor();
  });
});
