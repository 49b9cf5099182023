// What specs need to know about the site under test: its settings, locale texts and visitor shortcuts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/i18n/locales');

/** The fields of GET /api/settings.php that specs compare the page against. */
export type SiteSettings = {
  name: string;
  index_title: string;
  min_age: number;
  languages: string[];
  payment_methods: string[];
  us_footer: boolean;
  company: { name: string; address: string; city: string };
};

/** The settings the web app boots with for the default site (localhost, as the browser sees it). */
export async function fetchSettings(baseURL: string): Promise<SiteSettings> {
  const response = await fetch(`${baseURL}/api/settings.php`);
  if (!response.ok) throw new Error(`GET /api/settings.php answered ${response.status}`);
  return ((await response.json()) as { settings: SiteSettings }).settings;
}

/**
 * A translated text from packages/i18n/locales/<language>/<namespace>.json, or undefined while the
 * translators have not filled it in. Specs use it to assert a translation only once it exists.
 */
export function readLocaleText(language: string, key: string, namespace = 'common'): string | undefined {
  const file = path.join(localesDir, language, `${namespace}.json`);
  if (!fs.existsSync(file)) return undefined;
  let value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const part of key.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Acts as a visitor who accepted the adult-content warning earlier, so journeys that are not about it start
 * on a clear page. Key: STORAGE_KEYS.siteEntryWarning in apps/web/src/lib/storage.ts.
 */
export async function acceptSiteEntryWarningBeforehand(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // Init scripts run in every frame; sandboxed ones (mail previews) have no storage and throw on access.
    try {
      if (!window.localStorage.getItem('site_entry_warning_dismissed_at')) {
        window.localStorage.setItem('site_entry_warning_dismissed_at', String(Date.now()));
      }
    } catch {
      // nothing to accept in a frame without storage
    }
  });
}
