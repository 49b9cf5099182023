// Journey: a visitor switches the interface to Dutch, keeps it across visits and sees pages (even the 404) in Dutch.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand, readLocaleText } from './support/site.ts';

const session = useBrowser();

const DAY_SECONDS = 24 * 60 * 60;

/** Dutch texts once translators have delivered them; until then the specs check the language switch itself. */
const dutch = {
  login: readLocaleText('nl', 'nav.login'),
  notFound: readLocaleText('nl', 'errorPage.notFound'),
  backHome: readLocaleText('nl', 'errorPage.backHome'),
};

/** The top navigation, found by its place rather than its label, which changes with the language. */
function topNavigation(page: Page) {
  return page.getByRole('banner').getByRole('navigation');
}

function documentLanguage(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.lang);
}

async function chooseDutch(page: Page): Promise<void> {
  const nav = topNavigation(page);
  await nav.getByRole('button', { name: /^Language: / }).click();
  await page.getByRole('button', { name: 'Nederlands' }).click();
  await expect.poll(() => documentLanguage(page)).toBe('nl');
}

describe('language choice', () => {
  test('choosing Nederlands switches the page to Dutch and remembers it in the lang cookie for 365 days', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await page.goto('/');
    const nav = topNavigation(page);
    await nav.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await documentLanguage(page)).toBe('en');

    await chooseDutch(page);

    // The dropdown now shows the chosen language's own name, whatever the translators wrote around it.
    await expect.poll(() => nav.getByRole('button', { name: /Nederlands/ }).count()).toBe(1);
    if (dutch.login && dutch.login !== 'Login') {
      await nav.getByRole('link', { name: dutch.login, exact: true }).waitFor();
    }

    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'lang');
    expect(cookie?.value).toBe('nl');
    const secondsLeft = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(364 * DAY_SECONDS);
    expect(secondsLeft).toBeLessThanOrEqual(366 * DAY_SECONDS);

    await page.reload();
    await nav.getByRole('button', { name: /Nederlands/ }).waitFor();
    expect(await documentLanguage(page)).toBe('nl');
  });

  test('the 404 page speaks the chosen language', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await page.goto('/');
    await chooseDutch(page);

    await page.goto('/no-such-page');
    // The accessible name, as a screen reader says it (the status number is styled on a line of its own).
    const name = dutch.notFound ? `404 ${dutch.notFound}` : /^404 \S/;
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    expect(await documentLanguage(page)).toBe('nl');
    if (dutch.notFound) expect(dutch.notFound).not.toBe('This page could not be found');
    const backHome = page.getByRole('main').getByRole('link', { name: dutch.backHome ?? 'Back to the home page' });
    expect(await backHome.getAttribute('href')).toBe('/');
  });

  test('a returning visitor with a lang cookie gets that language straight away', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await context.addCookies([{ name: 'lang', value: 'de', url: session.baseURL }]);
    await page.goto('/');
    await topNavigation(page)
      .getByRole('button', { name: /Deutsch/ })
      .waitFor();
    expect(await documentLanguage(page)).toBe('de');
  });
});
