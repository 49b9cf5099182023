// Journeys of the photo-first screens: the home page's faces, the filters sheet on a phone, the search keeping its place
// when the member comes back from a profile, the photo lightbox by keyboard, the match modal with both photos.
import { describe, expect, test } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';
import { appHasTakenOver } from './support/conditions.ts';

const session = useBrowser();

const DEMO = { email: 'demo@example.com', password: 'demo1234' };
const PHONE = { width: 390, height: 844 };

type Face = { id: number; name: string; main_image: { thumb_filename: string } | null };

async function logIn(request: APIRequestContext): Promise<{ profile: { id: number; name: string } }> {
  const response = await request.post('/api/user.php', { headers: { 'Request-Type': 'client' }, data: DEMO });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { user: { profile: { id: number; name: string } } }).user;
}

describe('home page faces', () => {
  test('a visitor sees members with photos from the site, the signup call to action and the trust signals', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    // The faces the site's home-members.php gives a visitor (the page's own came in its HTML: docs/first-view.md).
    const body = (await (await fetch(`${session.baseURL}/api/home-members.php?limit=12`)).json()) as {
      profiles: Face[];
    };
    await page.goto('/');
    expect(body.profiles.length).toBeGreaterThanOrEqual(6);
    expect(body.profiles.every((face) => face.main_image !== null)).toBe(true);

    await page.getByRole('heading', { level: 1 }).waitFor();
    const cards = page.getByRole('list', { name: 'New faces' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await cards.getByRole('link', { name: body.profiles[6]!.name }).getAttribute('href')).toBe(
      `/members/${body.profiles[6]!.id}`,
    );
    // Every face is a real photo of the site, none is missing.
    await expect
      .poll(() =>
        page
          .locator('.home-mosaic img')
          .evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(6);
    expect(await page.getByRole('link', { name: 'Sign up' }).first().isVisible()).toBe(true);
    for (const heading of ['Adults only, 18+', 'Your privacy comes first', 'No subscription']) {
      expect(await page.getByRole('heading', { name: heading, level: 3 }).isVisible()).toBe(true);
    }
  });
});

describe('discovery', () => {
  test('on a phone the filters are a labelled sheet that keeps focus inside and searches', async () => {
    const page = await session.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await acceptSiteEntryWarningBeforehand(page.context());
    await logIn(page.request);
    await page.goto('/members');
    await page.getByTestId('search-count').waitFor();
    // The side panel is not on a phone's screen; the Filters button opens it as a sheet.
    expect(await page.getByRole('search', { name: 'Search filters' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await toggle.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    const box = await sheet.boundingBox();
    expect(box && box.y + box.height).toBeGreaterThan(PHONE.height - 2);

    // Tab stays inside the sheet.
    for (let n = 0; n < 12; n++) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await sheet.getByLabel('From age').selectOption('30');
    const searched = page.waitForResponse((response) => new URL(response.url()).searchParams.get('min_age') === '30');
    await sheet.getByRole('button', { name: 'Search' }).click();
    await searched;
    await sheet.waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    // Escape closes it too.
    await toggle.click();
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
  });

  test('coming back from a profile with Back finds the list where the member left it', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await logIn(page.request);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/members');
    // The scrolling below is the app's (its list and its memory of the place), not the server's first view of the page.
    await appHasTakenOver(page);
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('listitem').first().waitFor();
    // Everyone, so there are many pages.
    const filters = page.getByRole('search', { name: 'Search filters' });
    await filters.getByLabel('Looking for').selectOption('');
    await filters.getByLabel('Country').selectOption('');
    await filters.getByRole('button', { name: 'Search' }).click();
    await page
      .getByTestId('search-count')
      .filter({ hasText: /^\d+\+? members found$/ })
      .waitFor();
    await expect.poll(() => results.getByRole('listitem').count()).toBe(20);
    // Scrolling down appends the next page by itself.
    const nextPage = page.waitForResponse((response) => new URL(response.url()).searchParams.has('cursor'));
    await page.mouse.wheel(0, 5000);
    await nextPage;
    await expect.poll(() => results.getByRole('listitem').count()).toBeGreaterThan(20);

    const card = results.getByRole('listitem').nth(17);
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    const name = (await card.getByRole('link').innerText()).trim();
    await card.getByRole('link').click();
    await page.getByRole('heading', { name: new RegExp(`^${name}\\b`), level: 1 }).waitFor();
    // A profile starts at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await results.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThanOrEqual(5);
    expect(await results.getByRole('listitem').count()).toBeGreaterThan(20);
  });
});

describe('member page', () => {
  test('the photos open in a lightbox that works by keyboard and gives focus back', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await logIn(page.request);
    // A member with at least two photos the demo user may see.
    const faces = ((await (await page.request.get('/api/home-members.php?limit=24')).json()) as { profiles: Face[] })
      .profiles;
    let target: { id: number; name: string; total: number } | null = null;
    for (const face of faces) {
      const member = (
        (await (await page.request.get(`/api/member.php?id=${face.id}`)).json()) as {
          member: { photos: unknown[]; name: string };
        }
      ).member;
      if (member.photos.length >= 2) {
        target = { id: face.id, name: member.name, total: member.photos.length };
        break;
      }
    }
    expect(target, 'a demo member with two photos').not.toBeNull();
    await page.goto(`/members/${target!.id}`);
    await page.getByRole('heading', { name: new RegExp(`^${target!.name}\\b`), level: 1 }).waitFor();

    const open = page.getByRole('button', { name: `View photo 1 of ${target!.total} full screen` });
    await open.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: `Photos of ${target!.name}` });
    await lightbox.waitFor();
    await lightbox.getByText(`Photo 1 of ${target!.total}`).waitFor();
    await page.keyboard.press('ArrowRight');
    await lightbox.getByText(`Photo 2 of ${target!.total}`).waitFor();
    expect(
      await lightbox.getByRole('img', { name: `Photo 2 of ${target!.total} of ${target!.name}` }).isVisible(),
    ).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await lightbox.getByText(`Photo 1 of ${target!.total}`).waitFor();
    for (let n = 0; n < 6; n++) {
      await page.keyboard.press('Tab');
      expect(await lightbox.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'hidden' });
    await expect.poll(() => open.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  test('on a phone like, message and gift stay on screen while the profile scrolls', async () => {
    const page = await session.newPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await acceptSiteEntryWarningBeforehand(page.context());
    await logIn(page.request);
    const faces = ((await (await page.request.get('/api/home-members.php?limit=3')).json()) as { profiles: Face[] })
      .profiles;
    await page.goto(`/members/${faces[0]!.id}`);
    const actions = page.getByRole('group', { name: `Actions for ${faces[0]!.name}` });
    await actions.waitFor();
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(200);
    const bar = await actions.boundingBox();
    expect(bar!.y).toBeGreaterThan(PHONE.height / 2);
    for (const name of ['Send a message', 'Send a gift']) {
      expect(
        await actions.getByRole('link', { name }).or(actions.getByRole('button', { name })).isVisible(),
        name,
      ).toBe(true);
    }
    expect(await actions.getByRole('button', { name: /^(Like|Unlike|Like back)$/ }).isVisible()).toBe(true);
    // Above the bottom navigation, not under it.
    const nav = await page.locator('.member-nav').boundingBox();
    expect(bar!.y + bar!.height).toBeLessThanOrEqual(nav!.y + 1);
  });
});

describe('match modal', () => {
  test("a like that makes a match shows both members' photos", async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await logIn(page.request);
    const likes = (await (await page.request.get('/api/likes.php')).json()) as {
      profiles: { id: number }[];
      liked_by: { id: number }[];
    };
    const likedIds = new Set(likes.profiles.map((profile) => profile.id));
    const liker = likes.liked_by.find((entry) => !likedIds.has(entry.id));
    expect(liker, 'a demo member who likes the demo user and is not liked back').toBeDefined();
    const member = (
      (await (await page.request.get(`/api/member.php?id=${liker!.id}`)).json()) as { member: { name: string } }
    ).member;

    await page.goto(`/members/${liker!.id}`);
    await page.getByRole('heading', { name: new RegExp(`^${member.name}\\b`), level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Like back' }).click();
    const modal = page.getByRole('dialog', { name: "It's a match!" });
    await modal.waitFor();
    expect(await modal.getByRole('img', { name: 'Your photo' }).isVisible()).toBe(true);
    expect(await modal.getByRole('img', { name: `Open the profile of ${member.name}` }).isVisible()).toBe(true);
  });
});
