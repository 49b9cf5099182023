// Journeys of the members issue: edit a profile and upload a photo, search with filters over two pages,
// like back a member who liked you and see the match, block a member who then cannot open your profile.
import { describe, expect, test } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { makePng } from './support/images.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser();

/** Demo members the development server seeds (docs/members.md, Demo data; the e2e run starts once they exist). */
const DEMO = { email: 'demo@example.com', password: 'demo1234' };
const DEMO_MEMBER_PASSWORD = 'demo1234';

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

// ---------------------------------------------------------------------------------------------
// Sessions through the API (these journeys are not about logging in)
// ---------------------------------------------------------------------------------------------

type SessionUser = { profile: { id: number; name: string } };

async function logInThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<SessionUser | null> {
  const response = await request.post('/api/user.php', {
    headers: { 'Request-Type': 'client' },
    data: { email, password },
  });
  if (!response.ok()) return null;
  return ((await response.json()) as { user: SessionUser }).user;
}

async function signUpThroughApi(page: Page, email: string, username: string): Promise<void> {
  const response = await page.request.post('/api/signup.php', {
    headers: { 'Request-Type': 'client' },
    data: { email, username, password: 'profile-editor-1', date_of_birth: '1991-03-08' },
  });
  expect(response.status()).toBe(201);
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

describe('own profile and photos', () => {
  test('a member edits profile fields, sees a translated validation error, and uploads a photo that becomes the main one', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const username = `Editor${Date.now() % 100000}`;
    await signUpThroughApi(page, uniqueEmail('profile'), username);

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'My profile', level: 1 }).waitFor();
    // No photo yet: a neutral placeholder.
    await page.getByRole('img', { name: 'No photo yet' }).waitFor();
    expect(await page.getByTestId('photo-count').innerText()).toBe('You have 0 of 3 photos.');

    // The shared schema checks the username before anything is sent. The editor's steps share one Save.
    const steps = page.getByRole('navigation', { name: 'Profile steps' });
    const save = page.getByTestId('profile-editor-bar').getByRole('button', { name: 'Save' });
    await steps.getByRole('link', { name: /About you/ }).click();
    const about = page.getByRole('region', { name: 'About you' });
    await about.getByLabel('Username').fill('');
    await save.click();
    await about.getByText('Enter a username').waitFor();

    await about.getByLabel('Username').fill(username);
    await about.getByLabel('Gender').selectOption('female');
    await about.getByLabel('About me').fill('Hiking on Sundays, coffee every day.');
    await steps.getByRole('link', { name: /Details/ }).click();
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByLabel('City').fill('Haarlem');
    await details.getByLabel('Relationship status').selectOption('single');
    await details.getByLabel('Hair color').selectOption('red');
    await steps.getByRole('link', { name: /Interests/ }).click();
    const interests = page.getByRole('region', { name: 'Interests' });
    await interests.locator('label', { hasText: /Hiking$/ }).click();
    await interests.locator('label', { hasText: /Coffee$/ }).click();
    await steps.getByRole('link', { name: /Search preferences/ }).click();
    const preferences = page.getByRole('region', { name: 'Search preferences' });
    await preferences.getByLabel('Sexuality').selectOption('bi');
    await preferences.getByLabel('Looking for').selectOption('dating');
    await save.click();
    await page.getByTestId('profile-editor-bar').getByText('Saved.').waitFor();

    const saved = (await (await page.request.get('/api/profile.php')).json()) as { profile: Record<string, unknown> };
    expect(saved.profile).toMatchObject({
      gender: 'female',
      sexuality: 'bi',
      city: 'Haarlem',
      relationship_status: 'single',
      hair_color: 'red',
      signup_reason: 'dating',
      about_me: 'Hiking on Sundays, coffee every day.',
    });
    expect(saved.profile.interests).toEqual(['hiking', 'coffee']);

    // A file that claims to be a PNG but is not, and a real photo under 200 x 200 px: the browser says so
    // before uploading anything (the server refuses both too; the API tests prove it).
    await steps.getByRole('link', { name: /Photos/ }).click();
    const input = page.getByTestId('photo-dropzone').locator('input[type=file]');
    await input.setInputFiles({
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image'),
    });
    await page.getByText('That file is not a photo. Choose a JPEG, PNG or WebP image.').waitFor();
    await input.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: makePng(120) });
    await page.getByText('That photo is too small. Choose one of at least 200 × 200 pixels.').waitFor();
    // Nothing was uploaded.
    await page.getByText('You have 0 of 3 photos.').waitFor();

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByText('You have 1 of 3 photos.').waitFor();
    const tile = page.getByRole('listitem').filter({ has: page.getByRole('group', { name: 'Photo 1' }) });
    await tile.getByText('Main photo').waitFor();
    // The top navigation's avatar now shows the photo instead of the placeholder.
    await mainNav(page)
      .getByRole('button', { name: `Account menu of ${username}` })
      .locator('img')
      .waitFor();

    // The photo is served, re-encoded as JPEG.
    const photos = (await (await page.request.get('/api/photos.php')).json()) as {
      photos: { filename: string; is_main: boolean }[];
    };
    expect(photos.photos).toHaveLength(1);
    expect(photos.photos[0]!.is_main).toBe(true);
    const image = await page.request.get(photos.photos[0]!.filename);
    expect(image.headers()['content-type']).toContain('image/jpeg');
  });
});

describe('search', () => {
  test('a member searches with filters and loads a second page without repeats', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    expect(await logInThroughApi(page.request, DEMO.email, DEMO.password)).not.toBeNull();

    await page.goto('/members');
    await page.getByRole('heading', { name: 'Search members', level: 1 }).waitFor();
    await page.getByTestId('search-count').waitFor();

    const filters = page.getByRole('search', { name: 'Search filters' });
    await filters.getByLabel('Looking for').selectOption('female');
    await filters.getByLabel('Country').selectOption({ value: '' });
    await filters.getByLabel('From age').selectOption('25');
    await filters.getByLabel('To age').selectOption('60');
    const firstPage = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/search.php' && !url.searchParams.has('cursor');
    });
    await filters.getByRole('button', { name: 'Search' }).click();
    const firstUrl = new URL((await firstPage).url());
    expect(Object.fromEntries(firstUrl.searchParams)).toEqual({ gender: 'female', min_age: '25', max_age: '60' });

    const results = page.getByRole('list', { name: 'Search results' });
    await expect.poll(() => results.getByRole('listitem').count()).toBe(20);
    expect(await page.getByTestId('search-count').innerText()).toMatch(/^\d+\+? members found$/);

    // Scrolling to the end of the list loads the next page by itself (the Show more button stays for keyboards).
    const secondPage = page.waitForResponse((response) => new URL(response.url()).searchParams.has('cursor'));
    await page.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
    const secondUrl = new URL((await secondPage).url());
    expect(secondUrl.searchParams.get('gender')).toBe('female');
    expect(secondUrl.searchParams.get('min_age')).toBe('25');
    await expect.poll(() => results.getByRole('listitem').count()).toBe(40);

    const hrefs = await results
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(40);
    // Every card is a woman between 25 and 60 (the age is printed after the name).
    // The card names are h2: the results follow the page's h1 directly.
    const ages = await results
      .getByRole('heading', { level: 2 })
      .evaluateAll((headings) => headings.map((heading) => Number(/, (\d+)/.exec(heading.textContent ?? '')?.[1])));
    expect(ages).toHaveLength(40);
    expect(ages.every((age) => age >= 25 && age <= 60)).toBe(true);
  });
});

describe('likes and matches', () => {
  test('a member likes back someone who liked them and sees the match modal', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    expect(await logInThroughApi(page.request, DEMO.email, DEMO.password)).not.toBeNull();
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
    await page.getByText('Likes you', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Like back' }).click();

    const modal = page.getByRole('dialog', { name: "It's a match!" });
    await modal.waitFor();
    await modal.getByText(`You and ${member.name} like each other.`).waitFor();
    expect(await modal.getByRole('link', { name: `Open the profile of ${member.name}` }).getAttribute('href')).toBe(
      `/members/${liker!.id}`,
    );
    await modal.getByRole('link', { name: 'See your matches' }).click();
    await page.waitForURL((url) => url.pathname === '/likes/matches');
    await page.getByRole('list', { name: 'Matches' }).getByRole('link', { name: member.name }).waitFor();
  });
});

describe('blocking', () => {
  test("a member blocks another, who then cannot open the blocker's profile", async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const otherPage = await session.newPage();
    await acceptSiteEntryWarningBeforehand(otherPage.context());

    // Two demo members with an account (about one in ten is fictional and has none).
    const members: { page: Page; user: SessionUser }[] = [];
    for (let n = 1; members.length < 2 && n <= 12; n++) {
      const target = members.length === 0 ? page : otherPage;
      const user = await logInThroughApi(target.request, `demo.member${n}@example.com`, DEMO_MEMBER_PASSWORD);
      if (user) members.push({ page: target, user });
    }
    expect(members).toHaveLength(2);
    const [blocker, blocked] = members as [(typeof members)[number], (typeof members)[number]];

    // Before the block the other member can open the profile.
    await blocked.page.goto(`/members/${blocker.user.profile.id}`);
    await blocked.page
      .getByRole('heading', { name: new RegExp(`^${blocker.user.profile.name}\\b`), level: 1 })
      .waitFor();

    await blocker.page.goto(`/members/${blocked.user.profile.id}`);
    await blocker.page
      .getByRole('heading', { name: new RegExp(`^${blocked.user.profile.name}\\b`), level: 1 })
      .waitFor();
    await blocker.page.getByRole('button', { name: 'Block', exact: true }).click();
    const confirm = blocker.page.getByRole('dialog', { name: `Block ${blocked.user.profile.name}` });
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await confirm.waitFor({ state: 'hidden' });
    await blocker.page.getByText(`You have blocked ${blocked.user.profile.name}.`).waitFor();
    await blocker.page.getByRole('button', { name: 'Unblock' }).waitFor();
    expect(await blocker.page.getByRole('button', { name: 'Send a message' }).count()).toBe(0);

    await blocked.page.reload();
    await blocked.page
      .getByRole('heading', { name: `You're blocked by ${blocker.user.profile.name}`, level: 1 })
      .waitFor();
    expect(await blocked.page.getByRole('button', { name: /Like/ }).count()).toBe(0);
    // Enforced by the server, not only hidden: liking answers 403.
    const like = await blocked.page.request.post('/api/like.php', {
      headers: { 'Request-Type': 'client' },
      data: { id: blocker.user.profile.id },
    });
    expect(like.status()).toBe(403);
  });
});

describe('a member who has not confirmed the e-mail address', () => {
  test('the swipe game says the address needs confirming before anything is sent, and the notice sends the mail again', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUpThroughApi(page, uniqueEmail('unconfirmed'), `Unsure${Date.now() % 100000}`);
    const swipes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/swipe.php')
        swipes.push(request.url());
    });

    await page.goto('/swipe-game');
    await page.getByTestId('swipe-card').waitFor();
    await page.getByRole('button', { name: /^Like / }).click();
    const notice = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
    await notice.getByText('you can play the swipe game').waitFor();
    await notice.getByRole('button', { name: 'Send the e-mail again' }).click();
    await notice.getByText('We sent the e-mail again.').waitFor();
    expect(swipes).toEqual([]);
    // The server refuses it as well.
    const refused = await page.request.post('/api/swipe.php', {
      headers: { 'Request-Type': 'client' },
      data: { id: 1, action: 'skip' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('activation_required');
  });
});

describe('layout at every width', () => {
  test('the logged-in header fits the screen from 360 to 1280 px in English and German; below 992 px the member links are a bottom bar', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const username = `Wide${Date.now() % 100000}`;
    await signUpThroughApi(page, uniqueEmail('widths'), username);
    for (const language of ['en', 'de']) {
      await context.addCookies([{ name: 'lang', value: language, url: session.baseURL }]);
      for (const width of [360, 390, 768, 800, 991, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/members');
        const account = page.getByRole('button', { name: new RegExp(username) });
        await account.waitFor();
        const layout = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(layout.scroll, `${language} ${width}px`).toBeLessThanOrEqual(layout.inner);
        const box = await account.boundingBox();
        expect(box && box.x + box.width, `account menu ${language} ${width}px`).toBeLessThanOrEqual(width);
        const barTop = await page.locator('.member-nav').evaluate((element) => element.getBoundingClientRect().top);
        if (width < 992) expect(barTop, `bottom bar ${language} ${width}px`).toBeGreaterThan(700);
        else expect(barTop, `top bar ${language} ${width}px`).toBeLessThan(100);
      }
    }
  });
});
