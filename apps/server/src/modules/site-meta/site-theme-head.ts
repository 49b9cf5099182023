// The site's own theme colours in every page it sends (docs/design-system.md): one style rule of custom properties in
// the head, before any script runs, and the browser's theme colour. A site keeping the brand's colours gets neither.
import type { FastifyRequest } from 'fastify';
import { siteThemeColor, siteThemeCss } from '@app/contracts';
import type { SiteTheme } from '../../plugins/web.plugin.ts';
import type { SiteRow } from '../../db/schema/index.ts';

/** Themes computed, by colour pair: a handful of sites, so a small map; emptied when full. */
const computed = new Map<string, SiteTheme | null>();
const MAX_COMPUTED = 256;

export function siteThemeOf(site: Pick<SiteRow, 'themePrimary' | 'themeSecondary'>): SiteTheme | null {
  const key = `${site.themePrimary}\n${site.themeSecondary}`;
  let theme = computed.get(key);
  if (theme === undefined) {
    const colors = { theme_primary: site.themePrimary, theme_secondary: site.themeSecondary };
    const css = siteThemeCss(colors);
    theme = css ? { css, themeColor: siteThemeColor(colors) } : null;
    if (computed.size >= MAX_COMPUTED) computed.clear();
    computed.set(key, theme);
  }
  return theme;
}

export const siteThemeHead = (request: FastifyRequest): SiteTheme | null => siteThemeOf(request.site);
