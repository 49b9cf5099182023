// What crawlers and installing browsers read about a site: the web app manifest, robots.txt and sitemap.xml, each
// for the site of the request's host.
import { siteThemeColor } from '@app/contracts';
import { APP_ICON_SIZES, BACKGROUND_COLOR } from './app-icons.ts';

export type MetaSite = {
  name: string;
  indexTitle: string;
  description: string;
  domainLanguage: string;
  /** The site's own primary colour ('' or absent: the brand's coral). */
  themePrimary?: string;
};

/**
 * The public pages a sitemap lists: the home page, the static pages and the price list. Member pages are never
 * listed (nor allowed in robots.txt): a member's profile is for members, not for search engines.
 */
export const SITEMAP_PATHS = [
  '/',
  '/pricing',
  '/pages/terms',
  '/pages/privacy',
  '/pages/cookies',
  '/pages/faq',
  '/pages/return-policy',
  '/pages/service',
  // The landers without a niche slug (docs/landers.md); the slugged variants say the same in other words.
  '/landers/tinderswipe',
  '/landers/alonetonight',
  '/landers/collagelanding',
  '/landers/gallery',
  '/landers/iconslanding',
  '/landers/maplanding',
  '/landers/socialnetwork',
  '/landers/transitionsvideolanding',
  '/landers/video',
] as const;

/** Areas only a member uses, or that answer data rather than pages. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/uploads/',
  '/members',
  '/chats',
  '/likes',
  '/visitors',
  '/credits',
  '/transactions',
  '/profile',
  '/notifications',
  '/swipe-game',
  '/match-finder',
  '/directdebit',
] as const;

/** The short name under an installed app's icon: the site name, cut at a word within 12 characters when longer. */
export function shortName(name: string): string {
  if (name.length <= 12) return name;
  const cut = name.slice(0, 12);
  const space = cut.lastIndexOf(' ');
  return (space >= 4 ? cut.slice(0, space) : cut).trim();
}

export function webManifest(site: MetaSite) {
  return {
    id: '/',
    name: site.name,
    short_name: shortName(site.name),
    description: site.description || site.indexTitle || site.name,
    lang: site.domainLanguage,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: siteThemeColor({ theme_primary: site.themePrimary ?? '' }),
    background_color: BACKGROUND_COLOR,
    categories: ['social', 'lifestyle'],
    icons: [
      { src: '/icons/app.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ...APP_ICON_SIZES.map((size) => ({
        src: `/icons/app-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
      ...APP_ICON_SIZES.map((size) => ({
        src: `/icons/app-maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable',
      })),
    ],
  };
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Text into XML or HTML (the sitemap, every page's head, the offline page): the five special characters as numeric references. */
export const escapeMarkup = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function sitemapXml(origin: string, paths: readonly string[] = SITEMAP_PATHS): string {
  const urls = paths.map((path) => `  <url><loc>${escapeMarkup(origin + path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
