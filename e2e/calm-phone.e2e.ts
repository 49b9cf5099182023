// A calm phone (issue 44, docs/web-layout.md "A calm phone"): at 390 x 844 a new, free, unconfirmed member sees at most
// 18 % of the screen's height (152 px) in bars that stay put (position fixed, or sticky and stuck), on /members,
// /likes, a conversation, /swipe-game and each step of /profile; the prompts (confirm the e-mail, add a photo, turn on
// push, the welcome bonus) sit in the page, one at a time. The heights are the union of the bars' vertical extents on
// screen, measured at the top of the page and scrolled down; a failure names the bars.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { request as playwrightRequest } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { activate, signUp, type Signup, type StorageState } from './support/axe-world.ts';

// The full Chromium: it has the Push API, so the push prompt is one that could show.
const session = useBrowser({ viewport: { width: 390, height: 844 } }, { push: true });

const LIMIT_PX = Math.round(844 * 0.18);
const CLIENT = { 'Request-Type': 'client' };

let newcomer: Signup;
let storageState: StorageState;
let conversationId = 0;
let readerState: StorageState;

beforeAll(async () => {
  newcomer = await signUp(session.baseURL, 'Nora', '1996-04-02');
  for (const data of [
    { step: 1 },
    { step: 2, about_me: 'New here: coffee, cycling and a good book.' },
    { step: 3, gender: 'female', sexuality: 'hetero', country: 'NL', city: 'Utrecht' },
    { step: 4 },
  ]) {
    const response = await newcomer.api.put('/api/signup.php', { data });
    if (!response.ok()) throw new Error(`signup step ${data.step}: ${response.status()} ${await response.text()}`);
  }
  storageState = await newcomer.api.storageState();
  // A conversation needs a confirmed address (an unconfirmed member neither writes nor is written to): a second
  // newcomer, free and new but confirmed, whom someone wrote to.
  const reader = await signUp(session.baseURL, 'Lotte', '1995-01-20');
  await activate(reader);
  const writer = await signUp(session.baseURL, 'Piet', '1991-09-12');
  await activate(writer);
  const sent = await writer.api.post('/api/message.php', {
    data: { to: reader.id, client_id: `calm-${Date.now()}`, text: 'Hi Lotte, welcome! Where do you cycle?' },
  });
  if (!sent.ok()) throw new Error(`message.php: ${sent.status()} ${await sent.text()}`);
  conversationId = ((await sent.json()) as { conversation: { id: number } }).conversation.id;
  readerState = await reader.api.storageState();
  await Promise.all([writer.api.dispose(), reader.api.dispose()]);
}, 60_000);

afterAll(async () => {
  await newcomer?.api.dispose();
});

type Bar = { name: string; top: number; bottom: number };

/** The bars that stay put on screen now: fixed elements, and sticky ones at their stuck place. */
function barsOnScreen(page: Page): Promise<Bar[]> {
  return page.evaluate(() => {
    const height = window.innerHeight;
    const bars: { name: string; top: number; bottom: number }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const box = element.getBoundingClientRect();
      const top = Math.max(0, box.top);
      const bottom = Math.min(height, box.bottom);
      if (bottom - top < 1 || box.width < 1) continue;
      if (style.position === 'sticky') {
        // Counted only where it stuck: at its top or bottom offset from the screen's edge.
        const stuckTop = style.top !== 'auto' && Math.abs(box.top - parseFloat(style.top)) < 1.5;
        const stuckBottom = style.bottom !== 'auto' && Math.abs(height - box.bottom - parseFloat(style.bottom)) < 1.5;
        if (!stuckTop && !stuckBottom) continue;
      }
      const label = element.getAttribute('aria-label') ?? element.getAttribute('role') ?? '';
      bars.push({
        name: `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}${label ? ` [${label}]` : ''} ${Math.round(bottom - top)} px`,
        top,
        bottom,
      });
    }
    return bars;
  });
}

/** The height the bars cover together (nested or overlapping bars count once). */
function coveredHeight(bars: Bar[]): number {
  const spans = bars.map((bar) => [bar.top, bar.bottom] as const).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [top, bottom] of spans) {
    if (bottom <= end) continue;
    total += bottom - Math.max(top, end);
    end = bottom;
  }
  return Math.round(total);
}

/** The fixed height at the top of the page and scrolled halfway down (where sticky bars stick). */
async function measure(page: Page): Promise<{ height: number; bars: string[] }> {
  let worst = { height: 0, bars: [] as string[] };
  for (const position of ['top', 'scrolled'] as const) {
    if (position === 'scrolled')
      await page.evaluate(() => window.scrollTo(0, Math.max(0, (document.body.scrollHeight - innerHeight) / 2)));
    await page.waitForTimeout(150);
    const bars = await barsOnScreen(page);
    const height = coveredHeight(bars);
    if (height >= worst.height) worst = { height, bars: bars.map((bar) => `${position}: ${bar.name}`) };
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return worst;
}

/** The prompts showing: the alerts asking the member to do something (in the page, never docked). */
const promptsShown = (page: Page) =>
  page.locator('.alert-banners [role="alert"]').evaluateAll((alerts) =>
    alerts.map((alert) => ({
      text: (alert.textContent ?? '').trim().slice(0, 60),
      position: getComputedStyle(alert.closest('section') ?? alert).position,
    })),
  );

async function openAsNewcomer(path: string, state: StorageState = storageState): Promise<Page> {
  const page = await session.newPage({ storageState: state, viewport: { width: 390, height: 844 } });
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

describe('a calm phone for a new, free, unconfirmed member (390 x 844)', () => {
  const screens = [
    { path: '/members', name: 'members' },
    { path: '/likes', name: 'likes' },
    { path: '/swipe-game', name: 'swipe game' },
  ];

  test.each(screens)(
    '$name: at most 18 % of the height in bars, prompts in the page, one at a time',
    async ({ path }) => {
      const page = await openAsNewcomer(path);
      const { height, bars } = await measure(page);
      expect(height, `bars on ${path}: ${bars.join('; ')}`).toBeLessThanOrEqual(LIMIT_PX);
      const prompts = await promptsShown(page);
      expect(prompts.length, JSON.stringify(prompts)).toBeLessThanOrEqual(1);
      for (const prompt of prompts) expect(prompt.position).not.toMatch(/fixed|sticky/);
    },
  );

  test('a conversation (a new, free member, confirmed): at most 18 % in bars, the composer included', async () => {
    const page = await openAsNewcomer(`/chats/${conversationId}`, readerState);
    await page.getByText('Where do you cycle?').last().waitFor();
    const { height, bars } = await measure(page);
    expect(height, `bars: ${bars.join('; ')}`).toBeLessThanOrEqual(LIMIT_PX);
  });

  test('every step of the profile editor: at most 18 % in bars, nothing over the first photo', async () => {
    const page = await openAsNewcomer('/profile');
    const steps = page.getByRole('navigation', { name: 'Profile steps' }).getByRole('link');
    await steps.first().waitFor();
    const count = await steps.count();
    expect(count).toBeGreaterThan(2);
    for (let index = 0; index < count; index++) {
      await steps.nth(index).click();
      await page.waitForTimeout(200);
      const { height, bars } = await measure(page);
      expect(height, `step ${index + 1}: ${bars.join('; ')}`).toBeLessThanOrEqual(LIMIT_PX);
    }
    // The prompts stay in the page here too.
    expect((await promptsShown(page)).length).toBeLessThanOrEqual(1);
  });
});

describe('the newcomer is who the test says', () => {
  test('unconfirmed and free', async () => {
    const api = await playwrightRequest.newContext({
      baseURL: session.baseURL,
      storageState,
      extraHTTPHeaders: CLIENT,
    });
    const user = (await (await api.get('/api/user.php')).json()) as {
      user: { status: string; paid_user: boolean; credits: number };
    };
    await api.dispose();
    expect(user.user).toMatchObject({ status: 'not_confirmed', paid_user: false });
  });
});
