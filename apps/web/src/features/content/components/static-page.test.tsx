// Every static page in every locale: its own Markdown file, a title, every placeholder filled, no missing key.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@app/i18n';
import { STATIC_PAGES } from '../../../config/paths.ts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { contentKeys, hasPageFile, loadPageMarkdown } from '../lib/page-content.ts';
import { findPlaceholders, PLACEHOLDERS } from '../lib/placeholders.ts';
import { StaticPageContent } from './static-page.tsx';

/** What i18next shows for a key it lacks: the key itself, such as `faq.searchLabel` or `units.credits`. */
const MISSING_KEY = /\b(units|faq|ban|form|service|complaints|langConfig)\.[A-Za-z_.]+/;

describe.each(LOCALES)('%s', (locale) => {
  it.each(STATIC_PAGES)('has its own %s page, using only known placeholders', async (page) => {
    expect(hasPageFile(page, locale), `pages/${locale}/${page}.md`).toBe(true);
    const source = await loadPageMarkdown(page, locale);
    expect(source).toMatch(/^# \S/);
    const unknown = findPlaceholders(source).filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));
    expect(unknown, `unknown placeholders in pages/${locale}/${page}.md`).toEqual([]);
  });

  it.each(STATIC_PAGES)('renders %s with every placeholder filled and every key present', async (page) => {
    await setupI18n(locale);
    // The page's Markdown as the cache holds it once loaded: a render that suspends first waits out React's 300 ms
    // reveal throttle, 77 times in this file. Loading itself is the test above.
    const markdown = await loadPageMarkdown(page, locale);
    const { container } = renderWithProviders(<StaticPageContent page={page} />, {
      path: `/pages/${page}?reason=scam_spam`,
      settings: { name: 'Testsite', support_email: 'help@testsite.example', refund_days: 14 },
      queryData: [[contentKeys.page(page, locale), markdown]],
    });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent?.trim()).not.toBe('');
    await waitFor(() => expect(container.querySelector('.content-markdown')).not.toBeNull());
    const text = container.textContent ?? '';
    expect(findPlaceholders(text), `unfilled placeholders on ${locale}/${page}`).toEqual([]);
    expect(text).not.toMatch(MISSING_KEY);
    if (page === 'terms' || page === 'service' || page === 'privacy') expect(text).toContain('Amoria Media B.V.');
    if (page === 'service') expect(text).toContain('help@testsite.example');
  });
});
