// Journey: a visitor follows a broken link, sees the 404 page and finds the way back home.
import { describe, expect, test } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser();

describe('unknown page', () => {
  test('shows "404 This page could not be found" inside the site layout, with a link back home', async () => {
    const { page, context } = session;
    await acceptSiteEntryWarningBeforehand(context);
    // The server answers a path of no route with status 404 and the web app, which shows its 404 page (docs/web-shell.md).
    const response = await page.goto('/this/page/does-not-exist?x=1');
    expect(response?.status()).toBe(404);

    const heading = page.getByRole('heading', { level: 1, name: '404 This page could not be found' });
    await heading.waitFor();
    expect(await page.title()).toBe('404 This page could not be found');
    // Still the default layout: the visitor keeps the navigation and the footer.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);

    await page.getByRole('main').getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The router keeps the old screen until the home page is ready (the loading bar runs meanwhile): the 404 page
    // goes, and the home page's own heading comes.
    await heading.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: '404 This page could not be found' }).count()).toBe(0);
  });
});
