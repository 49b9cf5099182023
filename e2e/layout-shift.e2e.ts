// Layout stability (issues 8 and 11): a first visit of the main pages moves nothing on screen by more than a
// cumulative layout shift of 0.1, on Lighthouse's phone and on a laptop: the home page, and logged in /members, a member
// page, /likes, /chats, /credits and /profile while their data arrives. The app shell and the skeletons hold the
// places of what loads; the footer used to be pushed down (0.26 to 0.77). bench/web/README.md has the figures.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { matrix } from './support/matrix.ts';
import { cumulativeLayoutShift, readLayoutShifts, recordLayoutShifts } from './support/layout-shift.ts';

const session = useBrowser();

const CLS_LIMIT = 0.1;
const DEMO = { email: 'demo@example.com', password: 'demo1234' };
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 412, height: 823 } },
  { name: 'laptop', viewport: { width: 1350, height: 940 } },
];

/** Opens `path` in a fresh context (cold cache, nothing stored), waits for `ready` and the network to go quiet. */
async function clsOfFirstVisit(
  path: string,
  viewport: { width: number; height: number },
  ready: (page: Page) => Promise<void>,
  logIn = false,
) {
  const page = await session.newPage({ viewport });
  await recordLayoutShifts(page.context());
  if (logIn) {
    const response = await page.request.post('/api/user.php', { headers: { 'Request-Type': 'client' }, data: DEMO });
    expect(response.status()).toBe(200);
  }
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const shifts = await readLayoutShifts(page);
  return { cls: cumulativeLayoutShift(shifts), shifts };
}

describe('cumulative layout shift of a first visit', () => {
  for (const { name, viewport } of VIEWPORTS) {
    test(`/ for a visitor on a ${name} stays within ${CLS_LIMIT}`, async () => {
      const { cls, shifts } = await clsOfFirstVisit('/', viewport, async (page) => {
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('contentinfo').waitFor();
      });
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_LIMIT);
    });

    test(`/members for a member on a ${name}, results arriving, stays within ${CLS_LIMIT}`, async () => {
      const { cls, shifts } = await clsOfFirstVisit(
        '/members',
        viewport,
        async (page) => {
          await page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first().waitFor();
          // The filters: a side panel on a laptop, behind a button (an off-canvas sheet) on a phone.
          if (viewport.width >= 992) await page.getByRole('search').waitFor();
          await page.getByRole('contentinfo').waitFor();
        },
        true,
      );
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_LIMIT);
    });

    // Ready: the page's heading is there and nothing on it is still a skeleton (aria-busy).
    const pageReady = async (page: Page) => {
      await page.locator('main :is(h1, h2)').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    };
    const memberPages: { name: string; path: () => Promise<string>; ready: (page: Page) => Promise<void> }[] = [
      { name: 'a member page', path: async () => `/members/${await someMemberId()}`, ready: pageReady },
      { name: '/likes', path: async () => '/likes', ready: pageReady },
      { name: '/chats', path: async () => '/chats', ready: pageReady },
      { name: '/credits', path: async () => '/credits', ready: pageReady },
      { name: '/profile', path: async () => '/profile', ready: pageReady },
    ];
    // npm test: every page on the phone, and / and /members on the laptop too; npm run test:full: every page on both.
    for (const memberPage of matrix(memberPages, () => name === 'phone')) {
      test(`${memberPage.name} for a member on a ${name}, data arriving, stays within ${CLS_LIMIT}`, async () => {
        const { cls, shifts } = await clsOfFirstVisit(await memberPage.path(), viewport, memberPage.ready, true);
        expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_LIMIT);
      });
    }
  }
});

/** A member the demo member can open: the first search result. */
let memberId: number | undefined;
async function someMemberId(): Promise<number> {
  if (memberId) return memberId;
  const login = await fetch(`${session.baseURL}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'request-type': 'client' },
    body: JSON.stringify(DEMO),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const search = (await (await fetch(`${session.baseURL}/api/search.php`, { headers: { cookie } })).json()) as {
    results: { id: number }[];
  };
  memberId = search.results[0]!.id;
  return memberId;
}
