// Phones to desktops (issue 11): no screen scrolls sideways at 320, 390, 768, 1024 and 1280 px in the longest
// languages, German and Finnish. Each screen a visitor or the demo member reaches is opened at each width and its
// document must be no wider than the window (document.documentElement.scrollWidth <= innerWidth). The widest element
// is named on failure.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { matrix } from './support/matrix.ts';

const session = useBrowser();

// `npm test`: German at the narrowest phone; `npm run test:full` (CI): every width in both (support/matrix.ts).
const WIDTHS = matrix([320, 390, 768, 1024, 1280], (width) => width === 320);
const LANGUAGES = matrix(['de', 'fi'] as const, (language) => language === 'de');
const DEMO = { email: 'demo@example.com', password: 'demo1234' };
// The search panel beside the results (992 px up): `npm test` German and Finnish at 1280 px, the full run every
// language at 1024, 1280 and 1440 px.
const PANEL_LANGUAGES = matrix(
  ['nl', 'en', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'] as const,
  (language) => language === 'de' || language === 'fi',
);
const PANEL_WIDTHS = matrix([1024, 1280, 1440], (width) => width === 1280);

const VISITOR_SCREENS = [
  '/',
  '/login',
  '/signup',
  '/reset-password',
  '/members',
  '/pricing',
  '/pages/terms',
  '/no/such/page',
];
const MEMBER_SCREENS = [
  '/members',
  '/members/{id}',
  '/likes',
  '/chats',
  '/credits',
  '/premium',
  '/profile',
  '/notifications',
  '/swipe-game',
  '/match-finder',
];

let memberId = 0;

beforeAll(async () => {
  // A member the demo member can open (the demo members are seeded in the background after the server starts).
  const deadline = Date.now() + 100_000;
  while (!memberId && Date.now() < deadline) {
    const response = await fetch(`${session.baseURL}/api/search.php?limit=1`).catch(() => null);
    const body = response?.ok ? ((await response.json()) as { results: { id: number }[] }) : null;
    memberId = body?.results[0]?.id ?? 0;
    if (!memberId) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!memberId) throw new Error('no member to open');
}, 110_000);

type Overflow = { scrollWidth: number; innerWidth: number; widest: string[] };

/** The document's width against the window's, and the elements reaching past the window's right edge. */
async function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    // Pseudo-elements are not in the DOM: an overflow with no element listed comes from a ::before or ::after.
    const widest = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5)
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')} (${Math.round(element.getBoundingClientRect().right)} px)`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, widest };
  });
}

async function checkScreens(page: Page, screens: string[], language: string) {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const screen of screens) {
      const path = screen.replace('{id}', String(memberId));
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      // Until the skeletons are replaced the page is not the one to measure.
      await page
        .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 })
        .catch(() => undefined);
      // Nor while something still slides or fades in (a toast, a pop-up): the settled page is the one a member scrolls.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
      const overflow = await overflowOf(page);
      if (overflow.scrollWidth > overflow.innerWidth) {
        failures.push(
          `${language} ${width} px ${path}: ${overflow.scrollWidth} > ${overflow.innerWidth}: ${overflow.widest.join(', ')}`,
        );
      }
    }
  }
  return failures;
}

describe('no horizontal overflow', () => {
  for (const language of LANGUAGES) {
    test(`every visitor screen in ${language} fits 320 to 1280 px`, { timeout: 240_000 }, async () => {
      const page = await session.newPage({ locale: language });
      await page.context().addCookies([{ name: 'lang', value: language, url: session.baseURL }]);
      expect(await checkScreens(page, VISITOR_SCREENS, language)).toEqual([]);
    });

    test(`every member screen in ${language} fits 320 to 1280 px`, { timeout: 300_000 }, async () => {
      const page = await session.newPage({ locale: language });
      await page.context().addCookies([{ name: 'lang', value: language, url: session.baseURL }]);
      const login = await page.request.post('/api/user.php', { headers: { 'Request-Type': 'client' }, data: DEMO });
      expect(login.status()).toBe(200);
      expect(await checkScreens(page, MEMBER_SCREENS, language)).toEqual([]);
    });
  }

  // "Zurücksetzen" stuck out of the search panel at 1280 px: the panel's buttons stay inside it, in every language, at
  // the widths that show the panel beside the results (992 px up; below, it is a sheet the member opens).
  test('the search panel keeps its buttons inside it in every language', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    for (const language of PANEL_LANGUAGES) {
      const page = await session.newPage({ locale: language });
      await page.context().addCookies([{ name: 'lang', value: language, url: session.baseURL }]);
      const login = await page.request.post('/api/user.php', { headers: { 'Request-Type': 'client' }, data: DEMO });
      expect(login.status()).toBe(200);
      for (const width of PANEL_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/members');
        const panel = page.locator('form.search-filters');
        await panel.locator('.search-filter-actions .btn').last().waitFor();
        const outside = await panel.evaluate((form) => {
          const box = form.getBoundingClientRect();
          return [...form.querySelectorAll('.search-filter-actions .btn')]
            .filter((button) => {
              const rect = button.getBoundingClientRect();
              return (
                rect.right > box.right + 0.5 || rect.left < box.left - 0.5 || button.scrollWidth > button.clientWidth
              );
            })
            .map((button) => button.textContent?.trim() ?? '');
        });
        if (outside.length) failures.push(`${language} ${width} px: ${outside.join(', ')}`);
      }
      await page.close();
    }
    expect(failures).toEqual([]);
  });
});
