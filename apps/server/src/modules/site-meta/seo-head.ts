// What every HTML page the server sends says about itself before any script runs: the document's language, a title
// and description for the site in that language, the hreflang alternates of the site's languages, the canonical
// address, Open Graph tags and the web app manifest. The landers fill in their own (modules/landers).
import type { FastifyRequest } from 'fastify';
import { LOCALES, LOCALE_VARIANTS, isUiLanguage } from '@app/i18n';
import type { WebPageParts } from '../../plugins/web.plugin.ts';
import { siteText } from '../../plugins/site/index.ts';
import { escapeMarkup } from './site-meta.ts';

/** The languages a page exists in: every interface language (each with its own ?lang= address). */
export const PAGE_LANGUAGES = [...LOCALES, ...LOCALE_VARIANTS] as const;

/**
 * The site's index_title and description in the request's language (written per locale, docs/settings.md); in a
 * language the site has none for, the page says the translated pitch the home page shows (members:home.title /
 * home.description).
 */
export function sitePitch(request: FastifyRequest): { title: string; description: string } {
  const { site, language } = request;
  const t = request.t;
  return {
    title: siteText(site, 'index_title', language) || t('members:home.title', { name: site.name }),
    description: siteText(site, 'description', language) || t('members:home.description', { name: site.name }),
  };
}

export function seoHead(request: FastifyRequest, isTrackingKey: (key: string) => boolean): WebPageParts {
  // The site's configured address, never the request's Host header (a forged Host must not reach the links); as URL
  // writes it (no default port), so every address below reads the same.
  const origin = new URL(request.siteOrigin).origin;
  const url = new URL(request.url, origin);
  const asked = url.searchParams.get('lang');
  url.searchParams.delete('lang');
  // Click ids and campaign tags name a visit, not the page: never in its links (and never in a cached page).
  for (const key of [...url.searchParams.keys()]) if (isTrackingKey(key)) url.searchParams.delete(key);
  const pathWithQuery = url.pathname + (url.search === '?' ? '' : url.search);
  const withLanguage = (language: string) => {
    const link = new URL(pathWithQuery, origin);
    link.searchParams.set('lang', language);
    return link.toString();
  };
  const { title, description } = sitePitch(request);
  const canonical = isUiLanguage(asked) ? withLanguage(asked) : origin + pathWithQuery;
  const head = [
    `<meta name="description" content="${escapeMarkup(description)}">`,
    `<link rel="canonical" href="${escapeMarkup(canonical)}">`,
    ...PAGE_LANGUAGES.map(
      (language) => `<link rel="alternate" hreflang="${language}" href="${escapeMarkup(withLanguage(language))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeMarkup(origin + pathWithQuery)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeMarkup(request.site.name)}">`,
    `<meta property="og:title" content="${escapeMarkup(title)}">`,
    `<meta property="og:description" content="${escapeMarkup(description)}">`,
    `<meta property="og:url" content="${escapeMarkup(canonical)}">`,
    `<meta property="og:locale" content="${request.language.replace('-', '_')}">`,
    `<meta property="og:image" content="${escapeMarkup(`${origin}/icons/app-512.png`)}">`,
    `<link rel="manifest" href="/manifest.webmanifest">`,
    `<link rel="apple-touch-icon" href="/apple-touch-icon.png">`,
  ].join('');
  return { lang: request.language, title, head, body: '' };
}
