// @vitest-environment jsdom
// The site's colours from the settings reach <html> as custom properties, follow a change, and leave no trace when
// the site goes back to the brand's colours.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSettings } from '../test-support/settings.fixture.ts';
import { settingsKeys } from './settings/get-settings.ts';
import { installSiteTheme } from './site-theme.ts';

const root = () => document.documentElement;

describe('site theme in the browser', () => {
  afterEach(() => {
    root().removeAttribute('style');
    document.head.innerHTML = '';
  });

  it("applies the settings' colours, follows a change and clears them again", () => {
    document.head.innerHTML =
      '<meta name="theme-color" content="#ff6f61"><style id="site-theme">html:root{--site-primary:#000000}</style>';
    const client = new QueryClient();
    client.setQueryData(settingsKeys.all, { settings: buildSettings({ theme_primary: '#1e6fd9' }) });
    const uninstall = installSiteTheme(client);
    expect(root().style.getPropertyValue('--site-primary')).toBe('#1e6fd9');
    expect(root().style.getPropertyValue('--site-on-primary')).toBe('#ffffff');
    expect(root().style.getPropertyValue('--site-secondary')).toBe('');
    expect(document.getElementById('site-theme')).toBeNull();
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#1e6fd9');

    client.setQueryData(settingsKeys.all, { settings: buildSettings({ theme_secondary: '#14b8a6' }) });
    expect(root().style.getPropertyValue('--site-primary')).toBe('');
    expect(root().style.getPropertyValue('--site-secondary')).toBe('#14b8a6');

    client.setQueryData(settingsKeys.all, { settings: buildSettings() });
    expect(root().getAttribute('style') ?? '').toBe('');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#ff6f61');
    uninstall();
  });
});
