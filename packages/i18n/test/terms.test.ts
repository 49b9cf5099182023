// One term per language for the same action: the navigation's log-in link says what the log-in page says.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/index.ts';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
const read = (locale: string, ns: string) => JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${ns}.json`), 'utf8'));

describe('one term per language', () => {
  // English keeps the spec's own "Login" button (SPEC section 2) beside the page's "Log in".
  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s: the navigation link and the login page and buttons name logging in alike', (locale) => {
    const common = read(locale, 'common');
    const accounts = read(locale, 'accounts');
    expect(common.nav.login).toBe(accounts.login.title);
    expect(common.home.logIn).toBe(accounts.login.title);
  });
});
