// Journeys of the chat issue: two members chat live in two browsers (message without reload, typing dots, unread badge,
// title count, read mark), a free member reaches the conversation limit and runs out of credits, a conversation is
// deleted, and the phone layout hides the list while a conversation is open.
import { describe, expect, test } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser();

const PASSWORD = 'chat-secret-1';
const CLIENT = { 'Request-Type': 'client' };

type Member = { id: number; name: string; email: string };

let counter = 0;
function uniqueName(label: string): string {
  counter += 1;
  return `${label}${(Date.now() % 100000).toString(36)}${counter}`;
}

/** Signs up through the API (which logs this context in) and activates from the development mailbox. */
async function signUpAndActivate(request: APIRequestContext, label: string): Promise<Member> {
  const name = uniqueName(label);
  const email = `${name.toLowerCase()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, username: name, password: PASSWORD, date_of_birth: '1990-04-12' },
  });
  expect(signup.status()).toBe(201);
  const { user } = (await signup.json()) as { user: { profile: { id: number } } };
  const mailbox = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as {
    mails: { links: string[] }[];
  };
  const link = mailbox.mails.flatMap((mail) => mail.links).find((href) => href.includes('/activate?token='));
  expect(link).toBeTruthy();
  const token = new URL(link!).searchParams.get('token');
  const activation = await request.post('/api/activate.php', { headers: CLIENT, data: { token } });
  expect(activation.status()).toBe(200);
  return { id: user.profile.id, name, email };
}

async function logInThroughApi(request: APIRequestContext, member: Member): Promise<void> {
  const response = await request.post('/api/user.php', {
    headers: CLIENT,
    data: { email: member.email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Your message' });
const conversationLog = (page: Page, partner: Member) =>
  page.getByRole('log', { name: `Messages with ${partner.name}` });
const conversationList = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });

/** Writes and sends a message in the open conversation; resolves once the server's copy replaced the pending one. */
async function sendMessage(page: Page, partner: Member, text: string): Promise<void> {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await conversationLog(page, partner).getByTestId('chat-message').filter({ hasText: text }).waitFor();
}

const conversationIdOf = (page: Page) => Number(new URL(page.url()).pathname.split('/').at(-1));

describe('live chat between two members', () => {
  test('a message arrives without a reload, with typing dots, the unread badge, the title count and a read mark', async () => {
    const anna = session.page;
    await acceptSiteEntryWarningBeforehand(session.context);
    const annaMember = await signUpAndActivate(anna.request, 'Anna');
    const ben = await session.newPage();
    await acceptSiteEntryWarningBeforehand(ben.context());
    const benMember = await signUpAndActivate(ben.request, 'Ben');

    // Ben waits on the search page, connected.
    await ben.goto('/members');
    const benMessages = mainNav(ben).getByRole('link', { name: /^Messages/ });
    await benMessages.waitFor();
    expect(await benMessages.getByTestId('count-badge').count()).toBe(0);

    // Anna opens Ben's profile and follows "Send a message" to an empty conversation, where an icebreaker fills the box.
    await anna.goto(`/members/${benMember.id}`);
    await anna.getByRole('link', { name: 'Send a message' }).click();
    await anna.waitForURL((url) => url.pathname === `/members/${benMember.id}/chat`);
    await anna.getByText(`This is the start of your conversation with ${benMember.name}.`).waitFor();
    await anna.getByRole('button', { name: 'Need an opening line?' }).click();
    const icebreakers = anna.getByRole('dialog', { name: 'Need an opening line?' });
    const line = 'What do you love doing on a lazy Sunday?';
    await icebreakers.getByRole('button', { name: line }).click();
    await icebreakers.waitFor({ state: 'hidden' });
    expect(await messageBox(anna).inputValue()).toBe(line);
    await messageBox(anna).press('Enter');
    // The first message started the conversation: the screen moves to it.
    await anna.waitForURL((url) => /^\/chats\/\d+$/.test(url.pathname));
    const conversationId = conversationIdOf(anna);
    await conversationLog(anna, benMember).getByTestId('chat-message').filter({ hasText: line }).waitFor();
    await anna.getByRole('status').filter({ hasText: 'Live' }).first().waitFor();
    // 20 signup credits, 10 for the message.
    expect(await anna.getByTestId('chat-coins').innerText()).toContain('10');

    // Ben's navigation and title count it at once, without waiting for a poll.
    await mainNav(ben)
      .getByRole('link', { name: /1 unread message/ })
      .waitFor({ timeout: 5_000 });
    await expect.poll(() => ben.title(), { timeout: 5_000 }).toMatch(/^\(1\) /);

    // Ben opens the conversation from the list; Anna's message shows as read on her side.
    await benMessages.click();
    await ben.waitForURL((url) => url.pathname === '/chats');
    // The list shows who wrote, a preview of what and how many are unread.
    await conversationList(ben)
      .getByRole('link', { name: new RegExp(`${annaMember.name}.*lazy Sunday.*1 unread message`) })
      .waitFor();
    await conversationList(ben)
      .getByRole('link', { name: new RegExp(annaMember.name) })
      .click();
    await ben.waitForURL((url) => url.pathname === `/chats/${conversationId}`);
    await conversationLog(ben, annaMember).getByText(line).waitFor();
    await expect.poll(() => ben.title()).not.toMatch(/^\(\d+\) /);
    await conversationLog(anna, benMember)
      .getByTestId('chat-message')
      .filter({ hasText: line })
      .getByText('Read')
      .waitFor();

    // Anna's page is never reloaded from here on: a marker on its window must survive.
    await anna.evaluate(() => Object.assign(window, { chatMarker: 'kept' }));

    // Ben types: Anna sees the three dots; Ben sends: the message arrives in Anna's open conversation.
    await messageBox(ben).pressSequentially('Hi Anna, lazy Sundays are for long walks', { delay: 20 });
    await anna.getByTestId('typing-indicator').waitFor({ timeout: 5_000 });
    expect(await anna.getByTestId('typing-indicator').locator('.chat-typing-dots > span').count()).toBe(3);
    await messageBox(ben).press('Enter');
    await conversationLog(anna, benMember)
      .getByText('Hi Anna, lazy Sundays are for long walks')
      .waitFor({ timeout: 5_000 });
    // The dots go when the message comes.
    await anna.getByTestId('typing-indicator').waitFor({ state: 'hidden' });
    expect(await anna.evaluate(() => (window as unknown as { chatMarker?: string }).chatMarker)).toBe('kept');
    // Read at once in the open conversation: no unread count stays behind.
    await expect.poll(() => anna.title()).not.toMatch(/^\(\d+\) /);

    // Own bubbles on the right in the primary colour, the partner's on the left, under today's separator.
    const annaLog = conversationLog(anna, benMember);
    await annaLog.getByRole('separator', { name: 'Today' }).waitFor();
    const mine = annaLog.getByTestId('chat-message').filter({ hasText: line }).locator('.chat-bubble');
    const theirs = annaLog
      .getByTestId('chat-message')
      .filter({ hasText: 'Hi Anna, lazy Sundays' })
      .locator('.chat-bubble');
    const [mineBox, theirsBox] = [await mine.boundingBox(), await theirs.boundingBox()];
    expect(mineBox!.x).toBeGreaterThan(theirsBox!.x);
    expect(mineBox!.x + mineBox!.width).toBeGreaterThan(theirsBox!.x + theirsBox!.width);
    // Own bubbles are the primary's text shade (#b34e44 for the brand's coral, white text at 5.1:1; docs/design-system.md).
    expect(await mine.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(179, 78, 68)');
    // Anna's list previews Ben's answer beside his name.
    await conversationList(anna)
      .getByRole('link', { name: new RegExp(`${benMember.name}.*Hi Anna, lazy Sundays`) })
      .waitFor();
  });
});

describe('a free member with limits', () => {
  let carl: Member;
  const partners: Member[] = [];
  const conversations: number[] = [];

  test('starts two conversations, then sees the premium-only alert for a third and "Not enough credits" when out of credits', async () => {
    const { page } = session;
    await acceptSiteEntryWarningBeforehand(session.context);
    // The partners first, in a context of their own (each signup logs that context in as the new member).
    const helper = await session.newPage();
    for (const label of ['Dora', 'Eva', 'Fay']) partners.push(await signUpAndActivate(helper.request, label));
    carl = await signUpAndActivate(page.request, 'Carl');

    for (const partner of partners.slice(0, 2)) {
      await page.goto(`/members/${partner.id}/chat`);
      await messageBox(page).waitFor();
      await sendMessage(page, partner, `Hello ${partner.name}!`);
      await page.waitForURL((url) => /^\/chats\/\d+$/.test(url.pathname));
      conversations.push(conversationIdOf(page));
    }
    // Two started conversations (and 2 x 10 of the 20 signup credits spent): the third is premium only.
    await page.goto(`/members/${partners[2]!.id}/chat`);
    const premiumOnly = page.getByRole('alert').filter({ hasText: 'Premium-only feature' });
    await premiumOnly.waitFor();
    expect(await premiumOnly.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).toBe('/premium');
    expect(await messageBox(page).count()).toBe(0);

    // Out of credits: the message is not sent, and the way to credits is offered.
    await page.goto(`/chats/${conversations[0]}`);
    await messageBox(page).fill('One more thing');
    await messageBox(page).press('Enter');
    const notEnough = page.getByRole('alert').filter({ hasText: 'Not enough credits' });
    await notEnough.waitFor();
    expect(await notEnough.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    const failed = page.getByTestId('chat-message-pending').filter({ hasText: 'One more thing' });
    await failed.getByText('Not sent').waitFor();
    await failed.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await page.getByTestId('chat-coins').innerText()).toContain('0');
  });

  test('reports a message of the partner from the flag beside it (issue 14)', async () => {
    const reporter = session.page;
    await acceptSiteEntryWarningBeforehand(session.context);
    const reporterMember = await signUpAndActivate(reporter.request, 'Rita');
    const sender = await session.newPage();
    const senderMember = await signUpAndActivate(sender.request, 'Sam');
    const text = 'Send me money by bank transfer';
    await sender.goto(`/members/${reporterMember.id}/chat`);
    // A payment request in a first message asks "Are you sure?" first (docs/safety.md); the scammer goes on.
    await messageBox(sender).fill(text);
    await messageBox(sender).press('Enter');
    const sure = sender.getByRole('dialog', { name: 'Are you sure?' });
    expect(await sure.getByText('a request for money or payment').isVisible()).toBe(true);
    await sure.getByRole('button', { name: 'Send anyway' }).click();
    await conversationLog(sender, reporterMember).getByTestId('chat-message').filter({ hasText: text }).waitFor();

    await reporter.goto(`/chats`);
    await conversationList(reporter)
      .getByRole('link', { name: new RegExp(senderMember.name) })
      .click();
    const bubble = conversationLog(reporter, senderMember).getByTestId('chat-message').filter({ hasText: text });
    await bubble.getByRole('button', { name: 'Report this message' }).click();
    const dialog = reporter.getByRole('dialog', { name: `Report a message from ${senderMember.name}` });
    await dialog.getByRole('radio', { name: 'Scam or spam' }).check();
    const reported = reporter.waitForResponse((response) => response.url().endsWith('/api/report.php'));
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const response = await reported;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({
      profile: senderMember.id,
      target: 'message',
      reason: 'scam_spam',
    });
    expect(typeof response.request().postDataJSON().message).toBe('number');
    await reporter.getByRole('dialog', { name: 'Thank you for your report' }).waitFor();
  });

  test('deletes a conversation: gone from the list at once and after a reload', async () => {
    const { page } = session;
    await acceptSiteEntryWarningBeforehand(session.context);
    await logInThroughApi(page.request, carl);
    await page.goto(`/chats/${conversations[0]}`);
    const list = conversationList(page);
    await list.getByRole('link').first().waitFor();
    expect(await list.getByRole('link').count()).toBe(2);
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('button', { name: 'Delete conversation' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete your conversation with ${partners[0]!.name}?` });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === '/chats');
    await expect.poll(() => list.getByRole('link').count()).toBe(1);
    expect(await list.getByRole('link', { name: new RegExp(partners[0]!.name) }).count()).toBe(0);
    await page.reload();
    await list.getByRole('link', { name: new RegExp(partners[1]!.name) }).waitFor();
    expect(await list.getByRole('link').count()).toBe(1);
  });

  test('on a phone (390 px) the list fills the screen and hides while a conversation is open', async () => {
    const phone = await session.newPage({ viewport: { width: 390, height: 844 } });
    await acceptSiteEntryWarningBeforehand(phone.context());
    await logInThroughApi(phone.request, carl);
    await phone.goto('/chats');
    const list = conversationList(phone);
    await list.waitFor();
    const box = await list.boundingBox();
    expect(box?.width).toBeGreaterThan(380);
    await list.getByRole('link', { name: new RegExp(partners[1]!.name) }).click();
    await phone.waitForURL((url) => url.pathname === `/chats/${conversations[1]}`);
    await conversationLog(phone, partners[1]!).waitFor();
    expect(await list.isVisible()).toBe(false);
    // The conversation uses the whole width, its footer stays on screen.
    const log = await phone.locator('.chat-conversation').boundingBox();
    expect(log?.width).toBeGreaterThan(380);
    const footer = await messageBox(phone).boundingBox();
    expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(844);
    await phone.getByRole('link', { name: 'Back to your conversations' }).click();
    await phone.waitForURL((url) => url.pathname === '/chats');
    await list.waitFor();
  });
});
