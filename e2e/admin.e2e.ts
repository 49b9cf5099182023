// The staff console (issue 14): /admin shows the staff login to everybody without a staff session, members included;
// the demo moderator logs in with a TOTP code computed from the demo secret, opens a member's report in the queue and takes action; the report leaves the open queue. An admin creates a
// site, which its domain serves at once.
import { describe, expect, test } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';
import { makePng } from './support/images.ts';
import { startPostbackReceiver } from './support/network.ts';

const session = useBrowser();
const DEMO_MEMBER_PASSWORD = 'demo1234';
/** apps/server/src/modules/admin/demo-staff.ts (development only): one account per role, one TOTP secret. */
const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const DEMO_STAFF = {
  admin: { email: 'admin@example.com', password: 'admin-demo-1234' },
  moderator: { email: 'moderator@example.com', password: 'moderator-demo-1234' },
};
const SEED_TIMEOUT_MS = 100_000;
const client = { 'Request-Type': 'client' };

type SessionUser = { profile: { id: number; name: string } };

async function logInMember(request: APIRequestContext, n: number): Promise<SessionUser | null> {
  const response = await request.post('/api/user.php', {
    headers: client,
    data: { email: `demo.member${n}@example.com`, password: DEMO_MEMBER_PASSWORD },
  });
  return response.ok() ? ((await response.json()) as { user: SessionUser }).user : null;
}

const TOTP_PERIOD_SECONDS = 30;
/** The last TOTP time step this run used, per account: the server takes each step once per account (a replay reads as a failed login). */
const lastSteps = new Map<string, number>();

/**
 * A code from the demo secret for `email`, with no wait on the real clock. The server accepts the previous and next
 * step's codes too (clock drift), so a second login of one account within a window uses the next step's code, and so
 * does a login in a window's last seconds (the code could turn stale before the server checks it).
 */
async function freshCode(email: string): Promise<string> {
  const seconds = Date.now() / 1000;
  const current = Math.floor(seconds / TOTP_PERIOD_SECONDS);
  const isEnding = TOTP_PERIOD_SECONDS - (seconds % TOTP_PERIOD_SECONDS) < 4;
  const step = Math.max(isEnding ? current + 1 : current, (lastSteps.get(email) ?? -1) + 1);
  if (step > current + 1) throw new Error(`a third login of ${email} within ${TOTP_PERIOD_SECONDS} s: no code is left`);
  lastSteps.set(email, step);
  return generate({
    secret: DEMO_TOTP_SECRET,
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    epoch: step * TOTP_PERIOD_SECONDS,
  });
}

async function staffLogin(page: Page, account: { email: string; password: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Staff login' });
  await form.getByLabel('E-mail address').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByLabel('Authenticator code').fill(await freshCode(account.email));
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Console' }).waitFor();
}

describe('staff console', () => {
  test('a member at /admin gets the staff login, not the console', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const deadline = Date.now() + SEED_TIMEOUT_MS;
    let member: SessionUser | null = null;
    for (let n = 3; !member && Date.now() < deadline; n = n >= 30 ? 3 : n + 1)
      member = await logInMember(page.request, n);
    expect(member).not.toBeNull();
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Staff login', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).toBe(0);
    // The console's API refuses the member's session too.
    expect((await page.request.get('/api/admin/reports', { headers: client })).status()).toBe(401);
  });

  test('a moderator logs in with TOTP, opens a report with its history and takes action', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const memberPage = await session.newPage();
    await acceptSiteEntryWarningBeforehand(memberPage.context());
    // A member reports another (through the API: the member's side has its own journey in reports.e2e.ts).
    const deadline = Date.now() + SEED_TIMEOUT_MS;
    let reporter: SessionUser | null = null;
    for (let n = 6; !reporter && Date.now() < deadline; n = n >= 30 ? 6 : n + 1)
      reporter = await logInMember(memberPage.request, n);
    expect(reporter).not.toBeNull();
    const search = await memberPage.request.get('/api/search.php?limit=24', { headers: client });
    const target = ((await search.json()) as { results: { id: number; name: string }[] }).results.find(
      (card) => card.id !== reporter!.profile.id,
    )!;
    const remarks = `Asked for money in the first message (${Date.now()})`;
    const reported = await memberPage.request.post('/api/report.php', {
      headers: client,
      data: { profile: target.id, target: 'profile', reason: 'scam_spam', remarks },
    });
    expect(reported.status()).toBe(200);

    await page.goto('/admin');
    await staffLogin(page, DEMO_STAFF.moderator);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    // The report's id, from the queue's API with the staff session the login just set.
    const queue = (await (
      await page.request.get('/api/admin/reports?status=open&limit=100', { headers: client })
    ).json()) as { reports: { id: number; remarks: string | null }[] };
    const report = queue.reports.find((entry) => entry.remarks === remarks);
    expect(report).toBeDefined();
    // The queue may still be loading after its heading showed: wait for the report's row or a next page to load.
    const openButton = page.getByRole('button', { name: `Open report ${report!.id}` });
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await openButton.or(loadMore).first().waitFor();
    while (!(await openButton.isVisible())) {
      await loadMore.click();
      await openButton
        .or(loadMore.and(page.locator(':enabled')))
        .first()
        .waitFor();
    }
    await openButton.click();
    const heading = page.getByRole('heading', { name: new RegExp(`Report #${report!.id}`), level: 2 });
    await heading.waitFor();
    // Focus moves to the opened report.
    expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByText(remarks).waitFor();
    await page.getByText('Scam or spam').first().waitFor();

    const decision = page.getByRole('form', { name: 'Decision' });
    await decision.getByRole('button', { name: 'Take action' }).click();
    await decision.getByText('Write what you decided and why.').waitFor();
    await decision.getByLabel('Resolution note').fill('Warned by mail; watching further reports');
    await decision.getByRole('button', { name: 'Take action' }).click();
    await page.getByText(/Handled on/).waitFor();

    const handled = (await (
      await page.request.get(`/api/admin/reports/${report!.id}`, { headers: client })
    ).json()) as { report: { status: string; resolution: string } };
    expect(handled.report).toMatchObject({
      status: 'actioned',
      resolution: 'Warned by mail; watching further reports',
    });

    // The reporter sends a verification selfie; the moderator compares it in the photos queue and approves it.
    const verification = async () =>
      (
        (await (await memberPage.request.get('/api/verification.php', { headers: client })).json()) as {
          verification: { state: string };
        }
      ).verification.state;
    if ((await verification()) !== 'approved') {
      await memberPage.request.delete('/api/verification.php', { headers: client });
      expect((await memberPage.request.post('/api/verification.php', { headers: client, data: {} })).status()).toBe(
        200,
      );
      const selfie = await memberPage.request.post('/api/verification-selfie.php', {
        headers: client,
        multipart: { photo: { name: 'selfie.png', mimeType: 'image/png', buffer: makePng() } },
      });
      expect(selfie.status()).toBe(200);
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Photos' }).click();
      await page.getByRole('button', { name: 'Selfies' }).click();
      const card = page.getByRole('article', { name: reporter!.profile.name });
      await card.getByRole('img', { name: `Verification selfie of ${reporter!.profile.name}` }).waitFor();
      await card.getByRole('button', { name: `Approve the selfie of ${reporter!.profile.name}` }).click();
      await page.getByText(`The selfie of ${reporter!.profile.name} was approved: the badge shows.`).waitFor();
    }
    expect(await verification()).toBe('approved');
    await memberPage.goto(`/members/${reporter!.profile.id}`);
    await memberPage.getByRole('heading', { level: 1 }).getByText('Verified').waitFor();
  });

  test('an admin creates a site with the settings form, and its domain serves the new settings at once', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await page.goto('/admin/sites');
    await staffLogin(page, DEMO_STAFF.admin);
    await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New site' }).click();
    const form = page.getByRole('form', { name: 'New site' });
    await form.waitFor();
    const stamp = Date.now();
    const domain = `e2e-${stamp}.example.com`;
    const name = `E2E Dating ${stamp}`;
    // The shared contract checks the form: a host name with a scheme is refused at the field.
    await form.getByLabel('Domain', { exact: true }).fill(`https://${domain}`);
    await form.getByLabel('Site name', { exact: true }).fill(name);
    await form.getByRole('button', { name: 'Save site' }).click();
    await form.getByLabel('Domain', { exact: true }).and(page.locator('[aria-invalid="true"], .is-invalid')).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-domain');
    await form.getByLabel('Domain', { exact: true }).fill(domain);
    await form.getByLabel('Title of the home page (English)', { exact: true }).fill('Meet someone new tonight');
    // The live preview follows the typing.
    const preview = page
      .getByRole('region', { name: 'Live preview' })
      .or(page.locator('[aria-labelledby="site-preview-title"]'));
    await preview.getByText(name).waitFor();
    await preview.getByText('Meet someone new tonight').waitFor();
    await form.getByRole('button', { name: 'Save site' }).click();
    await page.getByText(`Site ${domain} saved; it is served at once.`).waitFor();
    await page.getByRole('cell', { name: domain }).waitFor();

    // Its credit bundles: add one under the site's settings.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const bundleForm = page.getByRole('form', { name: 'Add bundle' });
    await bundleForm.getByLabel('Currency').fill('EUR');
    await bundleForm.getByLabel('Credits').fill('150');
    await bundleForm.getByLabel('Price').fill('19.99');
    await bundleForm.getByRole('button', { name: 'Add bundle' }).click();
    await page.getByRole('table', { name: 'Credit bundles' }).getByRole('cell', { name: '€19.99' }).waitFor();

    const settings = await page.request.get(`/api/settings.php?forced-domain=${domain}`, { headers: client });
    expect(settings.status()).toBe(200);
    expect(((await settings.json()) as { settings: { name: string; index_title: string } }).settings).toMatchObject({
      name,
      index_title: 'Meet someone new tonight',
    });
  });

  test("a visitor from a network's lander signs up, confirms and buys: the Traffic report shows the row, the stand-in got three postbacks", async () => {
    const network = await startPostbackReceiver();
    try {
      const { page, context } = session;
      await acceptSiteEntryWarningBeforehand(context);
      // The admin adds the network with the console's form: its postbacks go to the local stand-in.
      await page.goto('/admin/traffic');
      await staffLogin(page, DEMO_STAFF.admin);
      await page.getByRole('heading', { name: 'Traffic', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Networks' }).click();
      await page.getByRole('button', { name: 'New network' }).click();
      const key = `e2e${Date.now() % 1_000_000}`;
      await page.getByLabel('Name', { exact: true }).fill(`E2E network ${key}`);
      await page.getByLabel('Key', { exact: true }).fill(key);
      for (const [label, event] of [
        ['Signup postback', 'signup'],
        ['Activation postback', 'activation'],
        ['First purchase postback', 'first_purchase'],
      ] as const)
        await page.getByLabel(label, { exact: true }).fill(`${network.url}/pb?cid={click_id}&e=${event}&a={amount}`);
      await page.getByRole('button', { name: 'Save network' }).click();
      await page.getByText(`Network E2E network ${key} saved.`).waitFor();

      // A visitor arrives from the network's ad on a lander, signs up in the lander's modal, confirms, buys.
      // A phone's browser: headless Chromium says "HeadlessChrome", which counts as a crawler (never a visit).
      const visitor = await session.newPage({
        viewport: { width: 390, height: 844 },
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
      });
      await acceptSiteEntryWarningBeforehand(visitor.context());
      await visitor.goto(`/landers/gallery?network=${key}&click_id=e2e-click-1&utm_campaign=launch`);
      // The app has taken the server's view over (its call to action then opens the signup modal).
      await visitor.locator('.lander-host [data-lander]').waitFor();
      await visitor.getByRole('main').getByRole('link', { name: 'Sign up for free' }).first().click();
      const modal = visitor.getByRole('dialog', { name: 'Sign up' });
      await modal.waitFor();
      const email = `traffic-${Date.now()}@example.com`;
      await modal.getByLabel('E-mail address').fill(email);
      await modal.getByLabel('Username').fill(`Traffic${Date.now() % 1_000_000}`);
      await modal.getByLabel('Password').fill('traffic-e2e-1');
      await modal.getByLabel('Day').selectOption('12');
      await modal.getByLabel('Month').selectOption('4');
      await modal.getByLabel('Year').selectOption('1990');
      await modal.getByRole('button', { name: 'Create account' }).click();
      await modal.getByRole('heading', { name: /photo/i }).first().waitFor();
      const mailbox = (await (
        await visitor.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)
      ).json()) as {
        mails: { links: string[] }[];
      };
      const link = mailbox.mails.flatMap((mail) => mail.links).find((href) => href.includes('/activate?token='));
      expect(link).toBeTruthy();
      const activated = await visitor.request.post('/api/activate.php', {
        headers: client,
        data: { token: new URL(link!).searchParams.get('token') },
      });
      expect(activated.status()).toBe(200);
      // Later, in another tab of the same browser (the signup modal's steps stay with the lander's tab).
      const shop = await visitor.context().newPage();
      await shop.goto('/credits');
      await shop.getByRole('link', { name: /^Buy 100 credits for / }).click();
      await shop.getByRole('button', { name: /^iDEAL/ }).click();
      await shop.waitForURL(/\/api\/sandbox-checkout\.php\?id=/);
      await shop.getByRole('button', { name: 'Paid' }).click();
      await shop.getByRole('heading', { name: 'Payment completed' }).waitFor();

      // Three postbacks reach the stand-in (each job wakes its worker at commit), once each, with the ad's click id.
      const deadline = Date.now() + 30_000;
      while (network.received.length < 3 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 250));
      const events = network.received.map((address) => new URL(address, network.url).searchParams);
      expect(events.map((query) => query.get('e')).sort()).toEqual(['activation', 'first_purchase', 'signup']);
      expect(events.every((query) => query.get('cid') === 'e2e-click-1')).toBe(true);

      // The console, opened again: the network's row in the report, and the three deliveries in the postback log.
      await page.reload();
      await page.getByRole('heading', { name: 'Traffic', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'Traffic by Network' });
      const row = table.getByRole('row').filter({ hasText: key });
      await row.waitFor();
      const cells = await row.getByRole('cell').allInnerTexts();
      // visits, visitors, signups, activations, buyers: one each.
      expect(cells.slice(0, 5).map((text) => text.trim())).toEqual(['1', '1', '1', '1', '1']);
      await page.getByRole('button', { name: 'Postbacks' }).click();
      const log = page.getByRole('table', { name: 'Postback log' });
      await log.waitFor();
      await expect
        .poll(
          async () =>
            log
              .getByRole('row')
              .filter({ hasText: `E2E network ${key}` })
              .filter({ hasText: 'Sent' })
              .count(),
          {
            timeout: 15_000,
          },
        )
        .toBe(3);
    } finally {
      await network.stop();
    }
  });
});
