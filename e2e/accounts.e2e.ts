// Journeys of the accounts issue: sign up through every step, activate from the development mailbox, log in and out,
// reset a forgotten password, delete the account and reactivate it from the mailed link.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectModalStaysOpen } from './support/conditions.ts';
import { makePng } from './support/images.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

// Push is offered and used here: the full Chromium (the headless shell has no Push API).
const session = useBrowser({}, { push: true });

/** Unique per run and test, so reruns against one server never collide. */
function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Signup step 0 through the API (for journeys that are not about signing up); the browser context is then logged in. */
async function signUpThroughApi(page: Page, email: string, password: string, username: string): Promise<void> {
  const response = await page.request.post('/api/signup.php', {
    headers: { 'Request-Type': 'client' },
    data: { email, username, password, date_of_birth: '1990-04-12' },
  });
  expect(response.status()).toBe(201);
}

/** Opens the development mailbox, narrows it to one recipient and follows the newest link to `path`; answers its address. */
async function followMailLink(page: Page, to: string, path: string): Promise<string> {
  await page.goto('/dev/mailbox');
  await page.getByRole('heading', { name: 'Development mailbox', level: 1 }).waitFor();
  await page.getByRole('searchbox', { name: 'Recipient' }).fill(to);
  await page.getByRole('button', { name: 'Filter' }).click();
  const link = page.getByRole('link', { name: new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=`) }).first();
  const href = await link.getAttribute('href');
  await link.click();
  await page.waitForURL((url) => url.pathname === path);
  return href ?? '';
}

function accountMenu(page: Page, username: string) {
  return page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: `Account menu of ${username}` });
}

async function logOut(page: Page, username: string): Promise<void> {
  await accountMenu(page, username).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Login', exact: true })
    .waitFor();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('signup, activation, login and logout', () => {
  test('a visitor signs up in the modal through every step, activates from the mailbox, logs out and back in', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const email = uniqueEmail('signup');
    const username = `Walker${Date.now() % 100000}`;
    const password = 'walking-2-you';

    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Sign up' });

    // Step 0: the form checks itself before the server is asked.
    await modal.getByRole('button', { name: 'Create account' }).click();
    await modal.getByText('Enter your date of birth (18+)').waitFor();
    await modal.getByLabel('E-mail address').fill(email);
    await modal.getByLabel('Username').fill(username);
    await modal.getByLabel('Password').fill(password);
    await modal.getByLabel('Day').selectOption('12');
    await modal.getByLabel('Month').selectOption('4');
    await modal.getByLabel('Year').selectOption('1990');
    await modal.getByRole('button', { name: 'Create account' }).click();

    // Step 1: a photo through the dropzone's picker.
    await modal.getByRole('heading', { name: 'Add a profile photo' }).waitFor();
    // From here on the signup is in progress: Escape and backdrop clicks do not close the modal, and a reload keeps the step.
    await expectModalStaysOpen(modal, () => page.keyboard.press('Escape'));
    await expectModalStaysOpen(modal, () => page.mouse.click(5, 5));
    await page.reload();
    await modal.getByRole('heading', { name: 'Add a profile photo' }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await modal.getByRole('button', { name: 'Choose a photo' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
    await modal.getByRole('img', { name: 'The photo you chose' }).waitFor();
    await modal.getByRole('button', { name: 'Upload photo' }).click();

    // Step 2: about me. The uploaded photo is now the avatar in the top navigation.
    await modal.getByRole('heading', { name: 'Tell others about yourself' }).waitFor();
    expect(await accountMenu(page, username).locator('img').count()).toBe(1);
    await modal.getByLabel('About me').fill('I like long walks and short messages.');
    await modal.getByRole('button', { name: 'Next' }).click();

    // Step 3: profile details.
    await modal.getByRole('heading', { name: 'Your profile details' }).waitFor();
    await modal.getByLabel('I am a').selectOption('male');
    await modal.getByLabel('Sexuality').selectOption('hetero');
    await modal.getByLabel('City').fill('Utrecht');
    await modal.getByRole('button', { name: 'Next' }).click();

    // Step 4: push permission, declined.
    await modal.getByRole('heading', { name: 'Never miss a message' }).waitFor();
    await modal.getByRole('button', { name: 'Not now' }).click();

    // Confirm e-mail.
    await modal.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();
    expect(await modal.innerText()).toContain(email);
    await modal.getByRole('button', { name: 'Continue' }).click();
    await modal.waitFor({ state: 'hidden' });
    // The modal closes at once; the members page is a route of its own, loaded on the way (slower on a busy machine).
    await page.waitForURL((url) => url.pathname === '/members');

    // Activation from the development mailbox.
    const activationLink = await followMailLink(page, email, '/activate');
    await page.waitForURL((url) => url.pathname === '/activate/done');
    await page.getByRole('heading', { name: 'Your account is activated', level: 1 }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');
    expect(await main.getByRole('link', { name: 'View all members' }).getAttribute('href')).toBe('/members');

    // The same link opened again says the account is active, not that activation failed.
    await page.goto(activationLink);
    await page.getByRole('heading', { name: 'Your account is already active', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/activate');
    await page.getByRole('main').getByRole('link', { name: 'Go to the members' }).click();
    await page.waitForURL((url) => url.pathname === '/members');

    await logOut(page, username);

    // Logged out, the used link logs nobody in and offers Log in; /activate/done tells a visitor nothing is activated.
    await page.goto(activationLink);
    await page.getByRole('heading', { name: 'Your account is already active', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).waitFor();
    await page.goto('/activate/done');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Your account is activated' }).count()).toBe(0);

    await logIn(page, email, 'not-my-password');
    await page.getByRole('alert').filter({ hasText: 'Login failed, please try again' }).waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/members');
    await accountMenu(page, username).waitFor();

    // A member's language choice is saved to the account too.
    const saved = page.waitForRequest(
      (request) => request.method() === 'PUT' && new URL(request.url()).pathname === '/api/user.php',
    );
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: /^Language: / })
      .click();
    await page.getByRole('button', { name: 'Nederlands' }).click();
    expect((await saved).postDataJSON()).toEqual({ language: 'nl' });
  });

  test('an unknown activation link shows the activation error', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await page.goto('/activate?token=this-token-was-never-issued');
    await page.waitForURL((url) => url.pathname === '/activate/error');
    await page.getByText('Activation failed (contact customer service)').waitFor();
  });
});

describe('password reset', () => {
  test('a member requests a reset link, sets a new password twice and logs in with it', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const email = uniqueEmail('reset');
    await signUpThroughApi(page, email, 'old-password-1', 'Resetter');
    await context.clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    // The router changes the address before React shows the new page (a transition), and the login form it leaves has
    // an "E-mail address" field too: the reset form itself is what to fill.
    const resetForm = page.getByRole('form', { name: 'Reset your password' });
    await resetForm.getByLabel('E-mail address').fill(uniqueEmail('nobody'));
    await resetForm.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('E-mail address not found').waitFor();
    await resetForm.getByLabel('E-mail address').fill(email);
    await resetForm.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(`We sent an e-mail to ${email}`).waitFor();

    await followMailLink(page, email, '/reset-password/do');
    const resetUrl = page.url();
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Repeat new password').fill('new-password-3');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The entered passwords are not the same').waitFor();
    await page.getByLabel('Repeat new password').fill('new-password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed and you are logged in.').waitFor();
    await accountMenu(page, 'Resetter').waitFor();

    // The link is single-use.
    await page.goto(resetUrl);
    await page.getByText('Link expired or invalid, request a new email').waitFor();
    expect(await page.getByRole('link', { name: 'Request a new e-mail' }).getAttribute('href')).toBe('/reset-password');

    await logOut(page, 'Resetter');
    await logIn(page, email, 'old-password-1');
    await page.getByRole('alert').filter({ hasText: 'Login failed, please try again' }).waitFor();
    await page.getByLabel('Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Log in' }).click();
    await accountMenu(page, 'Resetter').waitFor();
  });
});

describe('password change', () => {
  test('a member changes the password in the settings: the other device is logged out, the old password no longer works', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const email = uniqueEmail('change');
    await signUpThroughApi(page, email, 'first-password-1', 'Changer');
    // The same member on a second device.
    const otherPage = await session.newPage();
    await acceptSiteEntryWarningBeforehand(otherPage.context());
    await logIn(otherPage, email, 'first-password-1');
    await accountMenu(otherPage, 'Changer').waitFor();

    await page.goto('/');
    await accountMenu(page, 'Changer').click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByLabel('Old password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('second-password-2');
    await form.getByLabel('Repeat new password').fill('second-password-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Please check your old password').waitFor();
    await form.getByLabel('Old password').fill('first-password-1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: 'Your password has been changed. You were logged out on your other devices.' })
      .waitFor();
    expect(await form.getByLabel('Old password').inputValue()).toBe('');

    // The other device's session ended; this one goes on.
    await otherPage.goto('/');
    await otherPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Login', exact: true })
      .waitFor();
    await page.reload();
    await accountMenu(page, 'Changer').waitFor();

    await logOut(page, 'Changer');
    await logIn(page, email, 'first-password-1');
    await page.getByRole('alert').filter({ hasText: 'Login failed, please try again' }).waitFor();
    await page.getByLabel('Password').fill('second-password-2');
    await page.getByRole('button', { name: 'Log in' }).click();
    await accountMenu(page, 'Changer').waitFor();
  });
});

describe('account deletion', () => {
  test('a member deletes the account from the settings and reactivates it with the mailed link', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const email = uniqueEmail('delete');
    await signUpThroughApi(page, email, 'leaving-soon-1', 'Leaver');

    await page.goto('/');
    await accountMenu(page, 'Leaver').click();
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/notifications');
    await page.getByRole('button', { name: 'Delete my account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    // The site's discount is offered as the alternative.
    expect(await dialog.getByRole('link', { name: /^Stay and get \d+% off$/ }).getAttribute('href')).toBe('/credits');
    await dialog.getByLabel('Other reason').check();
    await dialog.getByRole('button', { name: 'Delete my account now' }).click();
    await dialog.getByText('Please tell us your reason').last().waitFor();
    await dialog.getByLabel('Your reason').fill('Just testing the way out.');
    // Re-authentication: a wrong password deletes nothing.
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account now' }).click();
    await dialog.getByText('Please check your password').last().waitFor();
    await dialog.getByLabel('Current password').fill('leaving-soon-1');
    await dialog.getByRole('button', { name: 'Delete my account now' }).click();

    await page.waitForURL((url) => url.pathname === '/account-deleted');
    await page.getByRole('heading', { name: 'Your account has been deleted', level: 1 }).waitFor();
    expect(await page.getByRole('main').innerText()).toContain('14 days');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Login', exact: true })
      .waitFor();

    await logIn(page, email, 'leaving-soon-1');
    await page.getByRole('alert').filter({ hasText: 'pending deletion' }).waitFor();

    await followMailLink(page, email, '/account-deleted');
    await page.getByText('Welcome back! Your account has been reactivated.').waitFor();
    await accountMenu(page, 'Leaver').waitFor();
  });
});

describe('date of birth on a phone', () => {
  test('the three selects keep their text readable at 360 and 390 px once they show the validation error', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    for (const language of ['en', 'de', 'pl']) {
      await context.addCookies([{ name: 'lang', value: language, url: session.baseURL }]);
      for (const width of [360, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto('/signup');
        // The longest month names in these languages: "September", "September", "Październik".
        await page.locator('select[name=month]').selectOption(language === 'pl' ? '10' : '9');
        await page.locator('select[name=day]').selectOption('28');
        await page.locator('form').getByRole('button').last().click();
        await page.locator('.dob-select.is-invalid').first().waitFor();
        const fits = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLSelectElement>('.dob-select')].map((select) => {
            const style = getComputedStyle(select);
            const context2d = document.createElement('canvas').getContext('2d')!;
            context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const text = select.options[select.selectedIndex]!.text;
            const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return { text, isVisible: context2d.measureText(text).width <= room + 0.5 };
          }),
        );
        expect(fits, `${language} ${width}px`).toEqual(fits.map((entry) => ({ ...entry, isVisible: true })));
      }
    }
  });
});
