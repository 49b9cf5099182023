// Journeys of the content pages: every static page in every language, the contact and complaint forms (stored,
// confirmed by mail), the /{token} aliases and the 404 page, the language configuration.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALES } from '@app/i18n';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';
import { matrix } from './support/matrix.ts';

const session = useBrowser();
/**
 * `npm test`: English, Polish (four plural forms) and Finnish (the longest words); `npm run test:full`: every language.
 * Every key in every locale is checked without a browser by packages/i18n's tests.
 */
const PAGE_LOCALES = matrix(LOCALES, (locale) => ['en', 'pl', 'fi'].includes(locale));
const PAGES = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;
/** What i18next shows for a key it lacks (its own path), and a page placeholder nobody filled. */
const MISSING_KEY = /\b(units|faq|ban|form|service|complaints|langConfig)\.[A-Za-z_.]+/;
const UNFILLED = /\{[a-z_]+\}/;

async function mainText(page: Page): Promise<string> {
  return (await page.getByRole('main').textContent()) ?? '';
}

describe('static pages', () => {
  test('every page renders in each language checked (all under test:full) with a title, the settings filled in and no missing key', async () => {
    const { page, context, baseURL } = session;
    await acceptSiteEntryWarningBeforehand(context);
    for (const locale of PAGE_LOCALES) {
      await context.addCookies([{ name: 'lang', value: locale, url: baseURL }]);
      const titles = new Set<string>();
      for (const name of PAGES) {
        await page.goto(`/pages/${name}`);
        const heading = page.getByRole('main').getByRole('heading', { level: 1 });
        await heading.waitFor();
        await page.locator('.content-markdown').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        const text = await mainText(page);
        expect(text, `${locale}/${name}`).not.toMatch(UNFILLED);
        expect(text, `${locale}/${name}`).not.toMatch(MISSING_KEY);
        titles.add((await heading.textContent()) ?? '');
      }
      // Seven different titles: no page fell back to another one.
      expect(titles.size, locale).toBe(PAGES.length);
    }
  }, 240_000);

  test('the terms show their version, the ban page its reason, and the FAQ filters as you type', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await page.goto('/pages/terms');
    await page.getByText('Version of 1 December 2023 at 12:00 UTC').waitFor();

    await page.goto('/pages/ban?reason=payment_fraud');
    await page.getByText('fraudulent payments or chargebacks').waitFor();

    await page.goto('/pages/faq');
    const search = page.getByRole('searchbox', { name: 'Search the questions' });
    await search.fill('password');
    await page
      .getByRole('status')
      .filter({ hasText: /questions? found/ })
      .waitFor();
    const questions = await page.getByRole('heading', { level: 3 }).allTextContents();
    expect(questions).toContain('I forgot my password.');
    expect(questions.length).toBeLessThan(10);
  });
});

describe('contact and complaints', () => {
  test('a visitor gets translated errors for bad input, then sends a message that is confirmed by mail', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await page.goto('/pages/service');
    const form = page.getByRole('form', { name: 'Write to us' });
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Invalid email').waitFor();
    await form.getByText('Enter a subject').waitFor();
    await form.getByText('Describe your question or complaint').waitFor();

    const email = `visitor.${Date.now()}@example.com`;
    await form.getByLabel('Your e-mail address').fill(email);
    await form.getByLabel('Subject').fill('Question about credits');
    await form.getByLabel('Your message').fill('Too short');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Please describe it in at least 20 characters').waitFor();

    await form.getByLabel('Your message').fill('How long do my credits stay valid after buying a bundle?');
    await form.getByRole('button', { name: 'Send message' }).click();
    const confirmation = page.getByRole('status').filter({ hasText: 'We have received your message under reference' });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain(email);

    const mailbox = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const { mails } = (await mailbox.json()) as { mails: { subject: string; template: string }[] };
    // A visitor's address is unverified: the confirmation quotes nothing the visitor typed (docs/content.md).
    expect(mails).toEqual([
      expect.objectContaining({
        template: 'contactReceivedVisitor',
        subject: expect.stringMatching(/^We received your message \(reference .+\)$/),
      }),
    ]);
    expect(JSON.stringify(mails)).not.toContain('Question about credits');
  });

  test('a visitor files a complaint on /complaints and gets a reference by mail', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await page.goto('/complaints');
    await page.getByRole('heading', { level: 1, name: 'Complaints' }).waitFor();
    const form = page.getByRole('form', { name: 'Complaint form' });
    const email = `complainer.${Date.now()}@example.com`;
    await form.getByLabel('Your e-mail address').fill(email);
    await form.getByLabel('Subject').fill('Charged twice');
    await form
      .getByLabel('Describe your complaint')
      .fill('My card was charged twice for the same bundle this morning.');
    await form.getByRole('button', { name: 'Submit complaint' }).click();
    await page.getByRole('status').filter({ hasText: 'Your complaint has been registered under reference' }).waitFor();
    const mailbox = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const { mails } = (await mailbox.json()) as { mails: { subject: string }[] };
    expect(mails[0]?.subject).toMatch(/^Your complaint to .+: reference .+$/);
    expect(JSON.stringify(mails)).not.toContain('Charged twice');
  });
});

describe('/{token} and /lang-config', () => {
  test('a page alias forwards with its query string, an unknown token is the 404 page', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await page.goto('/agb?ref=news');
    await page.waitForURL((url) => url.pathname === '/pages/terms' && url.search === '?ref=news');
    await page.getByRole('heading', { level: 1, name: 'Terms and conditions' }).waitFor();

    await page.goto('/no-such-token-42');
    await page.getByRole('heading', { level: 1, name: '404 This page could not be found' }).waitFor();
    await page.goto('/pages/no-such-page');
    await page.getByRole('heading', { level: 1, name: '404 This page could not be found' }).waitFor();
  });

  test('the language configuration shows the rules and switches the language', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    await page.goto('/lang-config');
    await page.getByRole('heading', { level: 1, name: 'Language settings' }).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(20);
    await page.getByRole('radio', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spracheinstellungen' }).waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('de');
  });
});
