// The profile editor in sections: saving one section leaves another section's unsaved edits alone (in the page and on
// the server), and the completeness meter names the next thing to add, takes the member to its section, and moves on
// once it is saved.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { makePng } from './support/images.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser();

type SavedProfile = { profile: Record<string, unknown> };

async function signUp(page: Page, label: string): Promise<string> {
  const username = `${label}${Date.now() % 100000}`;
  const response = await page.request.post('/api/signup.php', {
    headers: { 'Request-Type': 'client' },
    data: {
      email: `${username.toLowerCase()}-${Math.floor(Math.random() * 1e6)}@example.com`,
      username,
      password: 'profile-sections-1',
      date_of_birth: '1992-05-17',
    },
  });
  expect(response.status()).toBe(201);
  return username;
}

const savedProfile = async (page: Page) =>
  ((await (await page.request.get('/api/profile.php')).json()) as SavedProfile).profile;
const meter = (page: Page) => page.getByRole('progressbar', { name: 'Profile completeness' });
const meterValue = async (page: Page) => Number(await meter(page).getAttribute('aria-valuenow'));

describe('profile editor sections', () => {
  test("saving one section keeps another section's unsaved edits, on the page and off the server", async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page, 'Sections');
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'My profile', level: 1 }).waitFor();

    const about = page.getByRole('region', { name: 'About you' });
    const details = page.getByRole('region', { name: 'Details' });
    const text = 'Long walks by the sea, good coffee and old films on rainy Sundays.';
    await about.getByLabel('About me').fill(text);
    await about.getByText('Unsaved changes').waitFor();

    await details.getByLabel('City').fill('Leiden');
    await details.getByLabel('Eye color').selectOption('green');
    await details.getByRole('button', { name: 'Save details' }).click();
    await details.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    // Only the details reached the server; the about-me text is still in its box, marked unsaved.
    const afterDetails = await savedProfile(page);
    expect(afterDetails).toMatchObject({ city: 'Leiden', eye_color: 'green', about_me: null });
    expect(await about.getByLabel('About me').inputValue()).toBe(text);
    await about.getByText('Unsaved changes').waitFor();
    expect(await details.getByText('Unsaved changes').count()).toBe(0);

    // A mistake in one section stays there and sends nothing.
    await about.getByLabel('Username').fill('');
    await about.getByRole('button', { name: 'Save about you' }).click();
    await about.getByText('Enter a username').waitFor();
    expect(await details.getByRole('alert').count()).toBe(0);
    expect((await savedProfile(page)).about_me).toBeNull();

    await about.getByLabel('Username').fill(`Walker${Date.now() % 100000}`);
    await about.getByRole('button', { name: 'Save about you' }).click();
    await about.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await savedProfile(page)).toMatchObject({ about_me: text, city: 'Leiden', eye_color: 'green' });
    // Both survive a reload.
    await page.reload();
    expect(await page.getByRole('region', { name: 'Details' }).getByLabel('City').inputValue()).toBe('Leiden');
    expect(await page.getByRole('region', { name: 'About you' }).getByLabel('About me').inputValue()).toBe(text);
  });

  test('the completeness meter names the next step, goes to its section, and moves on when it is done', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page, 'Meter');
    await page.goto('/profile');
    await meter(page).waitFor();
    // A new account has little more than its date of birth: far from complete.
    const start = await meterValue(page);
    expect(start).toBeLessThan(30);
    expect(await meter(page).getAttribute('aria-valuetext')).toBe(`${start}% complete`);

    // The first missing item is the photo: the button scrolls to the photos section and focuses it.
    const next = page.getByTestId('profile-completeness').getByRole('button', { name: /^Add a profile photo/ });
    await next.click();
    const photos = page.getByRole('region', { name: 'Photos' });
    await expect.poll(() => photos.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await photos.boundingBox();
    expect(box!.y).toBeLessThan(page.viewportSize()!.height);

    await photos
      .getByTestId('photo-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
    await photos.getByText('You have 1 of 3 photos.').waitFor();
    // The photo counts, and the meter names the next missing item instead.
    await expect.poll(() => meterValue(page)).toBe(start + 20);
    const after = page.getByTestId('profile-completeness').getByRole('button');
    expect(await after.innerText()).not.toContain('Add a profile photo');
    await after.click();
    const focusedSection = await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby'));
    expect(focusedSection).toMatch(/^profile-section-/);
  });
});
