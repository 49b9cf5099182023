// Journeys of the payments issue in the browser, on the built-in sandbox provider: a member buys a bundle end to end
// (credits page, bundle, iDEAL, the sandbox's "Paid", the completed status, credits added, Get Premium turning into
// Credits), a cancelled payment offers another method, a wrong discount code is refused in words, and the welcome bonus
// (banner countdown, the time-bonus modal after 40 s in the members area) on a fast clock.
import { describe, expect, test } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser();

const PASSWORD = 'credits-secret-1';
const CLIENT = { 'Request-Type': 'client' };

type Member = { id: number; name: string; email: string };
type SessionUser = { credits: number; paid_user: boolean };

let counter = 0;
function uniqueName(label: string): string {
  counter += 1;
  return `${label}${(Date.now() % 100000).toString(36)}${counter}`;
}

/** Signs up through the API, which logs this browser context in. */
async function signUp(request: APIRequestContext, label: string): Promise<Member> {
  const name = uniqueName(label);
  const email = `${name.toLowerCase()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, username: name, password: PASSWORD, date_of_birth: '1989-06-21' },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { profile: { id: number } } };
  return { id: user.profile.id, name, email };
}

/** Confirms the member's address with the link from the development mailbox (activated members may message). */
async function activate(request: APIRequestContext, member: Member): Promise<void> {
  const mailbox = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(member.email)}`)).json()) as {
    mails: { links: string[] }[];
  };
  const link = mailbox.mails.flatMap((mail) => mail.links).find((href) => href.includes('/activate?token='));
  expect(link).toBeTruthy();
  const activation = await request.post('/api/activate.php', {
    headers: CLIENT,
    data: { token: new URL(link!).searchParams.get('token') },
  });
  expect(activation.status()).toBe(200);
}

async function currentUser(request: APIRequestContext): Promise<SessionUser> {
  const response = await request.get('/api/user.php', { headers: CLIENT });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: SessionUser }).user;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** From the credits page to the sandbox's checkout page: a bundle, then iDEAL (the Netherlands is the default site's first country). */
async function checkout(page: Page, credits: number): Promise<number> {
  await page.goto('/credits');
  await page.getByRole('heading', { name: 'Buy credits', level: 1 }).waitFor();
  await page.getByRole('link', { name: new RegExp(`^Buy ${credits} credits for `) }).click();
  await page.waitForURL(/\/credits\/\d+$/);
  const bundleId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await page.getByRole('heading', { name: 'Choose how to pay', level: 1 }).waitFor();
  const ideal = page.getByRole('button', { name: /^iDEAL/ });
  // The costs show before paying.
  expect(await ideal.innerText()).toContain('No transaction costs');
  expect(await page.getByRole('button', { name: /^PayPal/ }).innerText()).toMatch(/\+ €0\.35 transaction costs/);
  await ideal.click();
  await page.waitForURL(/\/api\/sandbox-checkout\.php\?id=/);
  await page.getByRole('heading', { name: 'Test payment' }).waitFor();
  return bundleId;
}

describe('buying credits', () => {
  test('a member buys a bundle with iDEAL on the sandbox: completed, credits added, Get Premium becomes Credits', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page.request, 'Buyer');
    const before = await currentUser(page.request);
    expect(before.paid_user).toBe(false);

    await page.goto('/members');
    await mainNav(page).getByRole('link', { name: 'Get Premium' }).waitFor();

    await page.goto('/credits');
    // A fresh member has the 4-hour time bonus: the page says which discount applies and why, and prices show it.
    await page
      .getByTestId('discount-reason')
      .filter({ hasText: 'Welcome bonus: 25% off your first purchase.' })
      .waitFor();
    const popular = page.getByRole('article', { name: '250 credits' });
    expect(await popular.getByTestId('bundle-old-price').innerText()).toContain('€39.95');
    expect(await popular.getByTestId('bundle-price').innerText()).toContain('€29.96');

    await checkout(page, 250);
    await page.getByRole('button', { name: 'Paid' }).click();

    await page.waitForURL(/\/transactions\/\d+$/);
    await page.getByRole('heading', { name: 'Payment completed' }).waitFor();
    await page.getByText('250 credits have been added to your account.').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Thank you! Your credits are ready to use.' }).waitFor();

    const after = await currentUser(page.request);
    expect(after).toMatchObject({ paid_user: true, credits: before.credits + 250 });
    // The navigation follows without a reload: credits for the new premium member, no Get Premium, no welcome banner.
    await mainNav(page)
      .getByRole('link', { name: /^Credits/ })
      .waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Get Premium' }).count()).toBe(0);
    expect(await page.getByTestId('welcome-bonus-banner').count()).toBe(0);

    // The order is in the member's list, paid.
    await page.goto('/transactions');
    const row = page.getByRole('row').filter({ hasText: '250' });
    await row.getByText('Paid').waitFor();
  });

  test('a cancelled payment says so and offers another payment method for the same bundle', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page.request, 'Canceller');

    const bundleId = await checkout(page, 50);
    await page.getByRole('button', { name: 'Cancelled' }).click();

    await page.waitForURL(/\/transactions\/\d+$/);
    await page.getByRole('heading', { name: 'Payment failed or has been cancelled' }).waitFor();
    const retry = page.getByRole('link', { name: 'Try another payment method' });
    expect(await retry.getAttribute('href')).toBe(`/credits/${bundleId}`);
    expect(await currentUser(page.request)).toMatchObject({ paid_user: false });
    await mainNav(page).getByRole('link', { name: 'Get Premium' }).waitFor();

    await retry.click();
    await page.getByRole('heading', { name: 'Choose how to pay', level: 1 }).waitFor();
    await page.getByRole('article', { name: '50 credits' }).waitFor();
  });

  test('a card payment saves the card; the last order is bought again in one click on it, and its unused credits refunded', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page.request, 'Repeater');
    await page.goto('/credits');
    // The development site's sandbox takes no money, and every checkout page says so.
    await page.getByText('Test mode: payments on this site are tests and no money is charged.').waitFor();
    await page.getByRole('link', { name: /^Buy 100 credits for / }).click();
    await page.getByText('Test mode: payments on this site are tests and no money is charged.').waitFor();
    await page.getByRole('button', { name: /^Visa/ }).click();
    await page.waitForURL(/\/api\/sandbox-checkout\.php\?id=/);
    await page.getByRole('button', { name: 'Paid' }).click();
    await page.getByRole('heading', { name: 'Payment completed' }).waitFor();
    const afterFirst = await currentUser(page.request);

    // The credits page offers the quick repeat with the saved card.
    await page.goto('/credits');
    const repeatCard = page.getByRole('region', { name: 'Buy again' });
    await repeatCard.getByText('Saved card: Visa ending in 4242').waitFor();
    await repeatCard.getByRole('link', { name: 'Buy 100 credits again' }).click();
    await page.waitForURL(/\/credits\/repeat-order$/);
    await page.getByRole('button', { name: 'Buy 100 credits again with Visa •••• 4242' }).click();

    // No checkout: the order page follows the pending payment until the provider says paid.
    await page.waitForURL(/\/transactions\/\d+$/);
    await page.getByRole('heading', { name: 'Payment completed' }).waitFor();
    expect(await currentUser(page.request)).toMatchObject({ credits: afterFirst.credits + 100 });

    // Unused credits of an order are refunded within the refund period; the member stays premium.
    await page.getByRole('button', { name: 'Refund unused credits' }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund the unused credits?' });
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await page.getByTestId('refund-done').filter({ hasText: '100 unused credits were refunded' }).waitFor();
    expect(await currentUser(page.request)).toMatchObject({ credits: afterFirst.credits, paid_user: true });
    // The order says refunded now, not "Payment completed", here and in the orders list.
    await page.getByRole('heading', { name: 'Unused credits refunded' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Payment completed' }).count()).toBe(0);
    await page.goto('/transactions');
    await page.getByRole('table').getByText('Refunded').waitFor();
  });

  test("an unknown discount code is refused with the server's words", async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page.request, 'Coder');
    await page.goto('/credits');
    await page.getByLabel('Discount code').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'Code not found' }).waitFor();
  });
});

describe('the bundle cards', () => {
  test('make the best offer obvious: the popular banner, saving ribbons, the discount applied and the price per credit', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await signUp(page.request, 'Shopper');
    const answer = (await (await page.request.get('/api/credits.php', { headers: CLIENT })).json()) as {
      bundles: {
        credits: number;
        price: { amount: number };
        final_price: { amount: number };
        ribbon_percentage: number;
        is_popular: boolean;
      }[];
      discount: { value_percentage: number } | null;
    };
    // A new member has the welcome bonus: every bundle is cheaper.
    expect(answer.discount?.value_percentage).toBe(25);
    await page.goto('/credits');
    const grid = page.getByRole('list', { name: 'Credit bundles' });
    await grid.getByRole('article').first().waitFor();
    expect(await grid.getByRole('article').count()).toBe(answer.bundles.length);
    expect(answer.bundles.filter((bundle) => bundle.is_popular)).toHaveLength(1);
    for (const bundle of answer.bundles) {
      const card = grid.getByRole('article', { name: `${bundle.credits} credits`, exact: true });
      expect(await card.getByText('Popular', { exact: true }).count()).toBe(bundle.is_popular ? 1 : 0);
      expect(await card.getByText(`Save ${bundle.ribbon_percentage}% per credit`).count()).toBe(
        bundle.ribbon_percentage > 0 ? 1 : 0,
      );
      expect(bundle.final_price.amount).toBeLessThan(bundle.price.amount);
      expect(await card.getByTestId('bundle-old-price').textContent()).toMatch(/^Was €\d/);
      expect(await card.getByTestId('bundle-discount').innerText()).toBe('25% discount applied');
      expect(await card.getByTestId('bundle-per-credit').innerText()).toMatch(/^€0\.\d{2,3} per credit$/);
      // The popular bundle's button is the filled one.
      const buy = card.getByRole('link', { name: new RegExp(`^Buy ${bundle.credits} credits for `) });
      expect(await buy.getAttribute('class')).toContain(bundle.is_popular ? 'btn-primary' : 'btn-outline-primary');
    }
  });
});

describe('the welcome bonus', () => {
  test('a new member sees the banner count down, and with 0 credits the time-bonus modal 40 s into the members area, until dismissed', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const partnerPage = await session.newPage();
    const partner = await signUp(partnerPage.request, 'Partner');
    await activate(partnerPage.request, partner);
    const member = await signUp(page.request, 'Newbie');
    await activate(page.request, member);
    // Spend the signup credits on messages: the modal is for members with 0 credits.
    for (let index = 0; (await currentUser(page.request)).credits > 0 && index < 10; index++) {
      const sent = await page.request.post('/api/message.php', {
        headers: CLIENT,
        data: { to: partner.id, client_id: `welcome-${Date.now()}-${index}`, text: `Hello ${index}` },
      });
      expect(sent.status()).toBe(200);
    }
    expect(await currentUser(page.request)).toMatchObject({ credits: 0, paid_user: false });

    // A few seconds into the 4 hours, whatever the machine's speed (right after signup the countdown still reads 04:00:00).
    await context.clock.install({ time: Date.now() + 5_000 });
    await page.goto('/members');
    const banner = page.getByTestId('welcome-bonus-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Welcome bonus: 25% off your first credits!');
    const countdown = banner.getByRole('timer');
    const first = await countdown.innerText();
    expect(first).toMatch(/^03:59:\d\d$/);
    await context.clock.fastForward(3000);
    await expect.poll(() => countdown.innerText()).not.toBe(first);
    expect(await banner.getByRole('link', { name: 'Get your discount' }).getAttribute('href')).toBe('/credits');

    // Not yet at 30 s; there at 40 s.
    const modal = page.getByRole('dialog');
    await context.clock.fastForward(27_000);
    expect(await modal.count()).toBe(0);
    await context.clock.fastForward(11_000);
    await modal.waitFor();
    await modal.getByRole('heading', { name: /25% welcome bonus/ }).waitFor();
    await modal.getByText('Special offer').first().waitFor();
    expect(await modal.getByRole('link', { name: /Get 25% off now/ }).getAttribute('href')).toBe('/credits');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('time_bonus_modal_dismissed_at'))).toMatch(/^\d+$/);

    // Dismissed: not again, however long the member stays.
    // The bar stands on the home screens only (docs/web-shell.md): /likes shows its own heading, no bar.
    await page.goto('/likes');
    await page.getByRole('heading', { level: 1, name: 'Likes' }).waitFor();
    expect(await banner.count()).toBe(0);
    await context.clock.fastForward(60_000);
    await context.clock.fastForward(1000);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
