// The profile editor as a sequence of steps: edits survive moving between steps and a reload asks first, one Save sends
// everything, a mistake takes the member to its step; prompts show on the member's page; the completeness meter opens
// the step of the next thing to add; the verification step takes a selfie of the pose shown.
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

describe('profile editor steps', () => {
  test('one Save keeps every step; a mistake opens its step; prompts show on the member page', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page, 'Steps');
    await page.goto('/profile?step=about');
    await page.getByRole('heading', { name: 'My profile', level: 1 }).waitFor();
    const steps = page.getByRole('navigation', { name: 'Profile steps' });
    const save = page.getByTestId('profile-editor-bar').getByRole('button', { name: 'Save' });

    const text = 'Long walks by the sea, good coffee and old films on rainy Sundays.';
    await page.getByRole('region', { name: 'About you' }).getByLabel('About me').fill(text);
    await page.getByRole('region', { name: 'About you' }).getByLabel('Username').fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    const prompts = page.getByRole('region', { name: 'Prompts' });
    await prompts.getByRole('button', { name: 'Answer a question' }).click();
    await prompts.getByLabel('Question 1', { exact: true }).selectOption('green_flag');
    await prompts.getByLabel('Your answer to question 1').fill('Kindness to waiters, every single time.');
    await steps.getByRole('link', { name: /Details/ }).click();
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByLabel('City').fill('Leiden');
    await details.getByLabel('Eye color').selectOption('green');

    // The empty username is found on Save: its step opens with the error, and nothing reached the server.
    await save.click();
    await page.getByRole('region', { name: 'About you' }).getByText('Enter a username').waitFor();
    expect((await savedProfile(page)).about_me).toBeNull();
    await page
      .getByRole('region', { name: 'About you' })
      .getByLabel('Username')
      .fill(`Walker${Date.now() % 100000}`);
    await save.click();
    await page.getByTestId('profile-editor-bar').getByText('Saved.').waitFor();
    const saved = await savedProfile(page);
    expect(saved).toMatchObject({ about_me: text, city: 'Leiden', eye_color: 'green' });
    expect(saved.prompts).toEqual([{ prompt: 'green_flag', answer: 'Kindness to waiters, every single time.' }]);

    // A reload opens the same step with the saved values.
    await page.reload();
    expect(await page.getByRole('region', { name: 'About you' }).getByLabel('About me').inputValue()).toBe(text);

    // Members see the prompt on the profile page.
    await page.goto(`/members/${saved.id as number}`);
    await page.getByText('A green flag I look for').waitFor();
    await page.getByText('Kindness to waiters, every single time.').waitFor();
  });

  test('the completeness meter names the next step and opens it; the verification step takes a selfie of the pose', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page, 'Meter');
    await page.goto('/profile?step=details');
    await meter(page).waitFor();
    // A new account has little more than its date of birth: far from complete.
    const start = await meterValue(page);
    expect(start).toBeLessThan(30);
    expect(await meter(page).getAttribute('aria-valuetext')).toBe(`${start}% complete`);

    // The first missing item is the photo: the button opens the photos step and focuses it.
    const next = page.getByTestId('profile-completeness').getByRole('button', { name: /^Add a profile photo/ });
    await next.click();
    const photos = page.getByRole('region', { name: 'Photos' });
    await expect.poll(() => photos.evaluate((element) => element === document.activeElement)).toBe(true);
    const box = await photos.boundingBox();
    expect(box!.y).toBeLessThan(page.viewportSize()!.height);

    await page
      .getByTestId('photo-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByText('You have 1 of 3 photos.').waitFor();
    // The photo counts, and the meter names the next missing item instead.
    await expect.poll(() => meterValue(page)).toBe(start + 20);
    const after = page.getByTestId('profile-completeness').getByRole('button');
    expect(await after.innerText()).not.toContain('Add a profile photo');
    await after.click();
    // The step opens, then takes focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? ''))
      .toMatch(/^profile-section-/);

    // Verification: a pose to copy, then the selfie waits for staff (the console's side is in admin.e2e.ts).
    await page
      .getByRole('navigation', { name: 'Profile steps' })
      .getByRole('link', { name: /Verification/ })
      .click();
    await page.getByRole('button', { name: 'Show me a pose' }).click();
    await page.getByText('Copy this pose in your selfie').waitFor();
    await page
      .getByLabel('Your selfie')
      .setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByText('Your selfie is waiting for review.', { exact: false }).waitFor();
    const state = (await (await page.request.get('/api/verification.php')).json()) as {
      verification: { state: string };
    };
    expect(state.verification.state).toBe('pending');
  });
});
