// Member reports (issue 14): a member reports another from the member's page (reason, remarks for "Other", also
// block) and sees the confirmation; a photo is reported from the photo viewer (a message: from beside it in the
// chat, e2e/chat.e2e.ts). The reported member sees nothing.
import { describe, expect, test } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser();
const DEMO_MEMBER_PASSWORD = 'demo1234';
const SEED_TIMEOUT_MS = 100_000;

type SessionUser = { profile: { id: number; name: string } };

async function logInThroughApi(request: APIRequestContext, email: string): Promise<SessionUser | null> {
  const response = await request.post('/api/user.php', {
    headers: { 'Request-Type': 'client' },
    data: { email, password: DEMO_MEMBER_PASSWORD },
  });
  if (!response.ok()) return null;
  return ((await response.json()) as { user: SessionUser }).user;
}

/** Two demo members with an account (about one in ten is fictional and has none); the seed runs after the server starts. */
async function twoMembers(pages: [Page, Page]): Promise<{ page: Page; user: SessionUser }[]> {
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  const members: { page: Page; user: SessionUser }[] = [];
  for (let n = 1; members.length < 2 && Date.now() < deadline; n = n >= 30 ? 1 : n + 1) {
    const target = pages[members.length]!;
    const user = await logInThroughApi(target.request, `demo.member${n}@example.com`);
    if (user && !members.some((member) => member.user.profile.id === user.profile.id))
      members.push({ page: target, user });
    else if (!user && n === 30) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return members;
}

describe('reporting a member', () => {
  test('from the member page: a reason, remarks for Other, also block, and a confirmation', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const otherPage = await session.newPage();
    await acceptSiteEntryWarningBeforehand(otherPage.context());
    const members = await twoMembers([page, otherPage]);
    expect(members).toHaveLength(2);
    const [reporter, reported] = members as [(typeof members)[number], (typeof members)[number]];
    const name = reported.user.profile.name;

    await reporter.page.goto(`/members/${reported.user.profile.id}`);
    // The heading is the name, perhaps with the age after it.
    await reporter.page
      .getByRole('heading', { name: new RegExp(`^${name}\\b`), level: 1 })
      .waitFor({ timeout: 30_000 });
    const reportButton = reporter.page.getByRole('button', { name: 'Report', exact: true });
    await reportButton.click();
    const dialog = reporter.page.getByRole('dialog', { name: `Report ${name}` });
    await dialog.waitFor();
    // Focus is inside the dialog.
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await dialog.getByRole('radio', { name: 'Other' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Please tell us your reason').waitFor();
    await dialog.getByRole('textbox', { name: 'Tell us more' }).fill('Asks every member for money');
    await dialog.getByRole('checkbox', { name: `Also block ${name}` }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();

    const done = reporter.page.getByRole('dialog', { name: 'Thank you for your report' });
    await done.getByText(`You have blocked ${name}.`).waitFor();
    await done.getByRole('button', { name: 'Close' }).last().click();
    await done.waitFor({ state: 'hidden' });
    await reporter.page.getByRole('button', { name: 'Unblock' }).waitFor();

    // The reported member is told nothing: their own payload has no trace of it (only the block shows, as blocks do).
    const own = await reported.page.request.get('/api/user.php', { headers: { 'Request-Type': 'client' } });
    expect(await own.text()).not.toMatch(/report/i);
  });

  test('a photo from the photo viewer', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    const otherPage = await session.newPage();
    const members = await twoMembers([page, otherPage]);
    const [reporter] = members as [(typeof members)[number]];
    // A demo member with a public photo, found through the search.
    const search = await reporter.page.request.get('/api/search.php?limit=24', {
      headers: { 'Request-Type': 'client' },
    });
    const cards = ((await search.json()) as { results: { id: number; name: string; main_image: unknown }[] }).results;
    const target = cards.find((card) => card.main_image && card.id !== reporter.user.profile.id);
    expect(target).toBeDefined();

    await reporter.page.goto(`/members/${target!.id}`);
    await reporter.page
      .getByRole('heading', { name: new RegExp(`^${target!.name}\\b`), level: 1 })
      .waitFor({ timeout: 30_000 });
    await reporter.page.getByRole('button', { name: /View photo 1 of \d+ full screen/ }).click();
    await reporter.page.getByRole('button', { name: 'Report this photo' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: `Report a photo of ${target!.name}` });
    await dialog.getByRole('radio', { name: 'Inappropriate photo' }).check();
    const sent = reporter.page.waitForResponse((response) => response.url().endsWith('/api/report.php'));
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const response = await sent;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({
      profile: target!.id,
      target: 'photo',
      reason: 'inappropriate_photo',
    });
    await reporter.page.getByRole('dialog', { name: 'Thank you for your report' }).waitFor();
  });
});
