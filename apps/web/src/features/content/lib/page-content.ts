// The Markdown of a static page in a language: one lazily loaded file per page and locale (pages/<locale>/<page>.md).
import { queryOptions } from '@tanstack/react-query';
import type { UiLanguage } from '@app/i18n';
import type { StaticPage } from '../../../config/paths.ts';
import { SESSION_INDEPENDENT_META } from '../../../lib/session/session-cache.ts';

const loaders = import.meta.glob<string>('../pages/*/*.md', { query: '?raw', import: 'default' });

/** The files a language reads, first found wins: en-US falls back to en, any other language to English last. */
export function pageFileCandidates(page: StaticPage, language: string): string[] {
  const chain = language === 'en-US' ? ['en-US', 'en'] : [language.slice(0, 2), 'en'];
  return [...new Set(chain)].map((locale) => `../pages/${locale}/${page}.md`);
}

export function hasPageFile(page: StaticPage, locale: string): boolean {
  return `../pages/${locale}/${page}.md` in loaders;
}

export async function loadPageMarkdown(page: StaticPage, language: UiLanguage | string): Promise<string> {
  for (const file of pageFileCandidates(page, language)) {
    const load = loaders[file];
    if (load) return load();
  }
  throw new Error(`No content for page ${page}`);
}

export const contentKeys = {
  all: ['content'] as const,
  page: (page: StaticPage, language: string) => [...contentKeys.all, 'page', page, language] as const,
};

export const pageMarkdownQueryOptions = (page: StaticPage, language: string) =>
  queryOptions({
    queryKey: contentKeys.page(page, language),
    queryFn: () => loadPageMarkdown(page, language),
    staleTime: Infinity,
    meta: SESSION_INDEPENDENT_META,
  });
