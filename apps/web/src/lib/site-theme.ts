// The site's own theme colours (docs/design-system.md), applied in the browser: the server wrote them into the page's
// head already (`<style id="site-theme">`); the app writes them again on <html> from the settings it booted with and
// whenever those change, so a page served for another host, or a site whose colours staff just changed, shows the
// settings' colours. Custom properties set through the CSSOM need no content-security-policy exception.
import { siteThemeColor, siteThemeVariables, type SiteThemeColors } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { settingsKeys } from './settings/get-settings.ts';

/** The properties this module set on <html>, removed again when the colours change. */
let applied: string[] = [];

export function applySiteTheme(colors: SiteThemeColors): void {
  const root = document.documentElement;
  for (const name of applied) root.style.removeProperty(name);
  const variables = siteThemeVariables(colors);
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  applied = Object.keys(variables);
  // The server's copy describes the colours of the page as sent; from here on the settings' say.
  document.getElementById('site-theme')?.remove();
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', siteThemeColor(colors));
}

type SettingsData = { settings: Partial<SiteThemeColors> } | undefined;
const colorsOf = (data: SettingsData): SiteThemeColors | null =>
  data?.settings
    ? { theme_primary: data.settings.theme_primary ?? '', theme_secondary: data.settings.theme_secondary ?? '' }
    : null;

/** Applies the settings' colours now and whenever the settings query gets new data; returns the uninstaller. */
export function installSiteTheme(queryClient: QueryClient): () => void {
  let current = '';
  const sync = () => {
    const colors = colorsOf(queryClient.getQueryData<SettingsData>(settingsKeys.all));
    if (!colors) return;
    const key = `${colors.theme_primary}|${colors.theme_secondary}`;
    if (key === current) return;
    current = key;
    applySiteTheme(colors);
  };
  sync();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === settingsKeys.all[0]) sync();
  });
}
